// Which screen an address shows: `/` the new-game screen, `/g/{id}` a game, `/learn` the course
// map, `/learn/{lesson}` a lesson (its explanation), `/learn/{lesson}/{level}` one of its levels.
export type Route =
    | { screen: 'home' }
    | { screen: 'game'; id: string }
    | { screen: 'learn' }
    | { screen: 'lesson'; lesson: string; level?: string }
    | { screen: 'missing' };

const ID = '([A-Za-z0-9_-]{1,128})';

export function route(path: string): Route {
    if (path === '/' || path === '' || path === '/index.html') return { screen: 'home' };
    const game = new RegExp(`^/g/${ID}/?$`).exec(path);
    if (game) return { screen: 'game', id: game[1]! };
    if (/^\/learn\/?$/.test(path)) return { screen: 'learn' };
    const lesson = new RegExp(`^/learn/${ID}(?:/${ID})?/?$`).exec(path);
    if (lesson)
        return lesson[2]
            ? { screen: 'lesson', lesson: lesson[1]!, level: lesson[2] }
            : { screen: 'lesson', lesson: lesson[1]! };
    return { screen: 'missing' };
}

// The address of a lesson, or of one of its levels.
export function learnPath(lesson?: string, level?: string): string {
    if (!lesson) return '/learn';
    return `/learn/${encodeURIComponent(lesson)}${level ? `/${encodeURIComponent(level)}` : ''}`;
}

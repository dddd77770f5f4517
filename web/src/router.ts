// Which screen an address shows: `/` the new-game screen, `/g/{id}` a game.
export type Route = { screen: 'home' } | { screen: 'game'; id: string } | { screen: 'missing' };

export function route(path: string): Route {
    if (path === '/' || path === '' || path === '/index.html') return { screen: 'home' };
    const m = /^\/g\/([A-Za-z0-9_-]{1,128})\/?$/.exec(path);
    return m ? { screen: 'game', id: m[1]! } : { screen: 'missing' };
}

// A level as the server answers it (GET /api/learn/levels/check-1), for the tests of its readers
// and of the calls that send a level's moves.
export const LEVEL = {
    id: 'check-1',
    lesson: 'check',
    kind: 'move',
    variant: 'chess',
    fen: '4r1k1/8/8/8/8/2N5/3P1P2/4K2R w K - 0 1',
    side: 'white',
    goal: 'Get out of check.',
    goal_id: 'escape_check',
    par: 1,
    choices: [],
    check: ['e1'],
};

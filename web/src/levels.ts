// What an engine level means, for the new-game form: a band a parent recognises ("just learned
// the moves" ... "full strength") and, in chess, the strength measured on Stockfish's UCI_Elo
// scale where a level was measured (src/search/skill.h's EloTable, docs/engine.md
// "Calibration"; level 20, full strength, plays chess with the net: skill.h's
// NetFullStrengthElo; tests/levels.test.ts keeps them the same).

import type { Variant } from './geometry';
import { t } from './i18n';

// Level -> the UCI_Elo it was measured at (chess, 10 s + 0.1 s).
export const MEASURED_ELO: Readonly<Record<number, number>> = {
    0: 303,
    3: 544,
    6: 1014,
    8: 1396,
    10: 1548,
    14: 1880,
    20: 2430,
};

type Band = 'learning' | 'beginner' | 'improving' | 'club' | 'strong' | 'full';

export function levelBand(level: number): Band {
    if (level >= 20) return 'full';
    if (level >= 15) return 'strong';
    if (level >= 10) return 'club';
    if (level >= 6) return 'improving';
    if (level >= 3) return 'beginner';
    return 'learning';
}

export function levelAbout(level: number, variant: Variant): string {
    const band = t(`level_band_${levelBand(level)}`);
    const elo = variant === 'chess' ? MEASURED_ELO[level] : undefined;
    return elo === undefined ? band : t('level_with_elo', { band, elo });
}

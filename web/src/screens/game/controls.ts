// What a player may do besides moving (#controls): take back a move against the computer (where
// the game was made with take-backs), resign (after a question), offer, accept or decline a draw,
// claim one, and in Four Kingdoms propose or accept an alliance. It reads the model and the seats
// this browser holds; `act` sends the action for a seat, `takeBack` the take-back.

import type { ActionRequest } from '../../api';
import { button, el } from '../../dom';
import { type Seat, isFourKingdoms } from '../../geometry';
import type { GameModel } from '../../game';
import { t } from '../../i18n';
import { resignQuestion } from './dialogs';
import { claimReason } from './status';

export type Act = (seat: Seat, req: ActionRequest) => void;

const names = (seats: readonly Seat[]) => seats.map((s) => t(`seat_${s}`)).join(t('list_separator'));

export class Controls {
    readonly element = el('div', { class: 'controls', id: 'controls' });
    private confirmingResign = false;
    private last: { model: GameModel; mine: readonly Seat[] } | undefined;

    constructor(
        private readonly act: Act,
        private readonly takeBack: (seat: Seat) => void,
    ) {}

    draw(model: GameModel, mine: readonly Seat[]): void {
        this.last = { model, mine };
        this.element.replaceChildren();
        if (model.over) return;
        // A Four Kingdoms player who has left the game (resigned, mated, out of time) acts no more.
        const playing = mine.filter((s) => model.inGame.includes(s));
        if (playing.length === 0) return;
        // One device: actions are made for the player to move.
        const actor = playing.includes(model.toMove) ? model.toMove : playing[0]!;
        if (this.confirmingResign) {
            this.element.append(
                ...resignQuestion(
                    () => this.answerResign(() => this.act(actor, { action: 'resign' })),
                    () => this.answerResign(),
                ),
            );
            return;
        }
        if (playing.length === 1 && model.mayTakeBack(actor))
            this.element.append(button(t('take_back'), () => this.takeBack(actor), { id: 'take-back' }));
        this.element.append(button(t('resign'), () => this.askResign(), { id: 'resign' }));
        if (isFourKingdoms(model.variant)) this.fourKingdomsOffer(model, playing, actor);
        else this.twoPlayerOffer(model, actor);
        if (playing.includes(model.toMove) && model.canClaimDraw()) {
            const label = t('claim_draw_reason', { reason: model.claims.map(claimReason).join(t('list_separator')) });
            this.element.append(
                button(label, () => this.act(model.toMove, { action: 'claim_draw' }), { id: 'claim-draw' }),
            );
        }
        this.alliance(model, playing);
    }

    private askResign(): void {
        this.confirmingResign = true;
        this.redraw();
    }

    private answerResign(then?: () => void): void {
        this.confirmingResign = false;
        if (then) then();
        else this.redraw();
    }

    private redraw(): void {
        if (this.last) this.draw(this.last.model, this.last.mine);
    }

    // Two players: the opponent's standing offer can be accepted or declined (it stands until
    // the one it was offered to moves); one's own offer waits for the answer.
    private twoPlayerOffer(model: GameModel, actor: Seat): void {
        const other = model.offers.draw.find((s) => s !== actor);
        if (other) {
            this.element.append(
                el('span', { class: 'offer', id: 'draw-offer' }, t('draw_offered', { seat: t(`seat_${other}`) })),
                button(t('accept_draw'), () => this.act(actor, { action: 'accept_draw' }), { id: 'accept-draw' }),
                button(t('decline_draw'), () => this.act(actor, { action: 'decline_draw' }), { id: 'decline-draw' }),
            );
        } else if (model.offers.draw.includes(actor)) {
            this.element.append(el('span', { class: 'offer', id: 'draw-offer' }, t('draw_offer_yours')));
        } else {
            this.element.append(
                button(t('offer_draw'), () => this.act(actor, { action: 'offer_draw' }), { id: 'offer-draw' }),
            );
        }
    }

    // Four Kingdoms: a draw needs every player still in the game; an offer cannot be declined,
    // it lapses with the next move. The page says who offered, who has yet to agree, and that
    // the next move ends it; each held seat still to agree gets its own accept button.
    private fourKingdomsOffer(model: GameModel, playing: readonly Seat[], actor: Seat): void {
        const agreed = model.offers.draw.filter((s) => model.inGame.includes(s));
        if (agreed.length === 0) {
            this.element.append(
                button(t('offer_draw'), () => this.act(actor, { action: 'offer_draw' }), { id: 'offer-draw' }),
            );
            return;
        }
        const waiting = model.inGame.filter((s) => !agreed.includes(s));
        this.element.append(
            el(
                'p',
                { class: 'offer', id: 'draw-offer' },
                t('fk_draw_offered', { seats: names(agreed) }),
                ' ',
                waiting.length ? t('fk_draw_waiting', { seats: names(waiting) }) : '',
                ' ',
                el('em', {}, t('fk_draw_lapses')),
            ),
        );
        const acceptors = playing.filter((s) => waiting.includes(s));
        for (const seat of acceptors) {
            const label = playing.length > 1 ? t('accept_draw_as', { seat: t(`seat_${seat}`) }) : t('accept_draw');
            this.element.append(
                button(label, () => this.act(seat, { action: 'accept_draw' }), {
                    id: acceptors.length === 1 ? 'accept-draw' : `accept-draw-${seat}`,
                    class: 'accept-draw',
                }),
            );
        }
    }

    private alliance(model: GameModel, playing: readonly Seat[]): void {
        for (const c of allianceChoices(model, playing)) {
            const other = t(`seat_${c.with}`);
            const send = () => this.act(c.seat, { action: c.action, with: c.with });
            if (c.action === 'accept_alliance')
                this.element.append(
                    el('span', { class: 'offer' }, t('alliance_proposed', { seat: other })),
                    button(t('accept_alliance', { seat: other }), send, { id: 'accept-alliance' }),
                );
            else this.element.append(button(t('propose_alliance', { seat: other }), send, { id: 'propose-alliance' }));
        }
    }
}

export interface AllianceChoice {
    seat: Seat; // who acts
    action: 'accept_alliance' | 'propose_alliance';
    with: Seat; // the proposer, or the seat proposed to
}

// Four Kingdoms free-for-all: the seat proposed to (`offers.alliance.to`) may accept; a seat the
// server lets ally (`may_ally`) may propose, unless its own proposal stands.
export function allianceChoices(
    model: Pick<GameModel, 'offers' | 'allianceTarget'>,
    playing: readonly Seat[],
): AllianceChoice[] {
    const proposal = model.offers.alliance;
    const out: AllianceChoice[] = [];
    for (const seat of playing) {
        const target = model.allianceTarget(seat);
        if (proposal?.to === seat) out.push({ seat, action: 'accept_alliance', with: proposal.from });
        else if (target && proposal?.from !== seat) out.push({ seat, action: 'propose_alliance', with: target });
    }
    return out;
}

// Cách chơi, bằng tiếng Việt: chữ của các trang luật (các phần xem index.ts). Viết cho một bạn nhỏ
// 8 tuổi đọc cùng người lớn.

import type { RuleTexts, SectionText } from './index';

// Những phần của Tứ quốc giống nhau cho mọi người chơi và cho kiểu chơi đồng đội.
const FK_BOARD: SectionText = {
    title: 'Bàn cờ và người chơi',
    text: [
        'Bốn người ngồi quanh một bàn cờ hình chữ thập: Đông (xanh lá), Nam (đỏ), Tây (vàng) và Bắc (xanh dương). Mỗi người có cả một đội quân cờ vua.',
        'Đông đi trước, rồi đến Nam, Tây và Bắc: đi vòng quanh bàn cờ theo chiều kim đồng hồ.',
    ],
};
const FK_PIECES: SectionText = {
    title: 'Các quân cờ',
    text: [
        'Vua, hậu, xe, tượng và mã đi như trong cờ vua, và vua được nhập thành như trong cờ vua.',
        'Bốn góc bị cắt là lỗ trống: đường đi dừng lại ở đó, nhưng mã có thể nhảy qua.',
    ],
};
const FK_PAWNS: SectionText = {
    title: 'Tốt',
    text: [
        'Trong nhà mình (ba hàng sát cạnh bàn cờ phía mình), tốt đi như trong cờ vua: tiến lên, nước đầu được đi hai ô, ăn chéo một ô về phía trước, và được bắt tốt qua đường.',
        'Ra khỏi nhà, tốt đi thẳng một ô theo bất kỳ hướng nào trong bốn hướng, và ăn chéo một ô theo bất kỳ hướng chéo nào. Tốt không bao giờ được quay lại nhà mình.',
    ],
};
const FK_PROMOTION: SectionText = {
    title: 'Phong cấp',
    text: [
        'Tốt đến hàng cuối của người ngồi đối diện thì được phong cấp thành hậu, xe, tượng hoặc mã. Ở đây được chọn: tốt cũng có thể chưa phong cấp, và phong cấp sau khi vẫn còn ở hàng đó.',
    ],
};
const FK_TURNS: SectionText = {
    title: 'Đến lượt ai: bị chiếu thì đi trước',
    text: [
        'Sau mỗi nước đi, người có vua đang bị chiếu sẽ đi tiếp, dù chưa đến lượt. Sau đó lại đi vòng theo chiều kim đồng hồ từ người ấy. Người bị bỏ qua không được đi bù lượt đó.',
        'Đồng đội và đồng minh không bao giờ ăn quân hay chiếu nhau, và vua của họ có thể đứng cạnh nhau.',
    ],
};

export const vi: RuleTexts = {
    chess: {
        aim: {
            title: 'Mục tiêu',
            text: [
                'Hai người chơi, Trắng và Đen, mỗi bên có 16 quân. Trắng đi trước, rồi hai bên lần lượt đi.',
                'Bạn thắng khi chiếu hết vua đối phương: vua bị tấn công và không còn đường thoát.',
            ],
        },
        king: {
            title: 'Vua',
            text: ['Vua đi một ô theo bất kỳ hướng nào. Vua không bao giờ được đứng ở chỗ có thể bị ăn.'],
        },
        queen: {
            title: 'Hậu',
            text: [
                'Hậu đi xa bao nhiêu cũng được theo đường thẳng hoặc đường chéo, nhưng không được nhảy qua quân khác.',
            ],
        },
        rook: { title: 'Xe', text: ['Xe đi xa bao nhiêu cũng được theo hàng ngang hoặc cột dọc.'] },
        bishop: {
            title: 'Tượng',
            text: ['Tượng đi xa bao nhiêu cũng được theo đường chéo, nên nó luôn ở trên các ô cùng một màu.'],
        },
        knight: {
            title: 'Mã',
            text: ['Mã nhảy hình chữ L: hai ô theo một hướng rồi một ô sang bên. Chỉ có mã được nhảy qua quân khác.'],
        },
        pawn: {
            title: 'Tốt',
            text: [
                'Tốt tiến một ô, hoặc hai ô ở nước đi đầu tiên của nó. Tốt không được đi lùi.',
                'Tốt ăn chéo: một ô phía trước bên trái hoặc bên phải. Có quân đứng ngay trước mặt thì tốt bị chặn.',
            ],
        },
        check: {
            title: 'Chiếu và chiếu hết',
            text: [
                'Khi vua bị tấn công là vua bị chiếu. Phải thoát chiếu ngay: đi vua, chặn đường tấn công, hoặc ăn quân đang chiếu.',
                'Nếu không còn cách nào thoát, đó là chiếu hết và ván cờ kết thúc.',
            ],
        },
        castling: {
            title: 'Nhập thành',
            text: [
                'Mỗi ván một lần, vua và một xe cùng đi: vua đi hai ô về phía xe, còn xe nhảy sang phía bên kia của vua.',
                'Chỉ được khi cả vua và xe đó chưa đi lần nào, các ô giữa chúng đều trống, và vua không bị chiếu, không đi qua hay dừng ở ô bị tấn công.',
            ],
        },
        en_passant: {
            title: 'Bắt tốt qua đường',
            text: [
                'Khi một tốt đi hai ô ở nước đầu và dừng ngay cạnh tốt đối phương, tốt kia được ăn nó như thể nó chỉ đi một ô.',
                'Chỉ ngay ở nước tiếp theo: để sau là mất cơ hội.',
            ],
        },
        promotion: {
            title: 'Phong cấp',
            text: [
                'Tốt đi đến hàng cuối phải được phong cấp thành hậu, xe, tượng hoặc mã. Hầu hết mọi người chọn hậu.',
            ],
        },
        end: {
            title: 'Ván cờ kết thúc thế nào',
            text: [
                'Chiếu hết là thắng. Bạn cũng có thể xin thua; khi chơi có đồng hồ, ai hết giờ thì thua.',
                'Ván cờ hòa khi bên đến lượt không còn nước đi hợp lệ mà không bị chiếu (hòa pat), khi còn quá ít quân để chiếu hết, khi hai bên đồng ý, hoặc khi cùng một thế cờ lặp lại ba lần hay 50 nước không ăn quân và không đi tốt (người chơi có thể đề nghị hòa).',
            ],
        },
    },
    silverman: {
        aim: {
            title: 'Mục tiêu',
            text: [
                'Cờ vua trên bàn cờ nhỏ xíu 4×4 ô. Mỗi bên có một vua, một hậu, hai xe và bốn tốt.',
                'Tốt hai bên chạm nhau ngay từ đầu, nên ván cờ bắt đầu bằng ăn quân. Chiếu hết là thắng, như cờ vua.',
            ],
        },
        pieces: {
            title: 'Các quân cờ',
            text: [
                'Vua, hậu và xe đi giống hệt cờ vua. Không có tượng và không có mã.',
                'Chiếu và chiếu hết như trong cờ vua.',
            ],
        },
        pawns: {
            title: 'Tốt và phong cấp',
            text: [
                'Tốt tiến một ô và ăn chéo. Tốt không được đi hai ô ở nước đầu, nên không có bắt tốt qua đường. Cũng không có nhập thành.',
                'Tốt đến hàng cuối được phong cấp thành hậu hoặc xe.',
            ],
        },
        end: {
            title: 'Ván cờ kết thúc thế nào',
            text: ['Như cờ vua: chiếu hết là thắng; hòa pat, hai bên đồng ý hay thế cờ lặp lại là hòa.'],
        },
    },
    pawnrace: {
        aim: {
            title: 'Mục tiêu',
            text: [
                'Chỉ có tốt: mỗi bên tám tốt. Tốt nào đến được phía bên kia trước thì thắng ngay.',
                'Không có vua nên không có chiếu. Một trò rất hay để học cách đi của tốt.',
            ],
        },
        pawns: {
            title: 'Tốt đi thế nào',
            text: [
                'Tốt tiến một ô, hoặc hai ô ở nước đầu, và ăn chéo một ô về phía trước.',
                'Có quân đứng ngay trước mặt thì tốt bị chặn.',
            ],
        },
        en_passant: {
            title: 'Bắt tốt qua đường',
            text: [
                'Khi một tốt đi hai ô ở nước đầu và dừng ngay cạnh tốt đối phương, tốt kia được ăn nó như thể nó chỉ đi một ô, nhưng chỉ ngay ở nước tiếp theo.',
            ],
        },
        end: {
            title: 'Ai thắng',
            text: [
                'Tốt đầu tiên đến hàng cuối cùng thì thắng.',
                'Bạn cũng thắng nếu đối phương không còn tốt nào, hoặc đến lượt mà không đi được nước nào.',
            ],
        },
    },
    tamerlane: {
        aim: {
            title: 'Mục tiêu',
            text: [
                'Một trò cờ lớn thời xưa ở triều đình Timur (Tamerlane): bàn cờ 11×10 ô, rất nhiều loại quân, và mỗi loại có một tốt riêng.',
                'Thắng bằng cách chiếu hết vua đối phương hoặc làm đối phương không còn nước nào để đi.',
            ],
        },
        board: {
            title: 'Bàn cờ',
            text: [
                'Cạnh bàn cờ có hai ô có tường bao: đó là thành. Thành của Trắng ở cạnh k2, thành của Đen ở cạnh a9.',
                'Mỗi quân ăn theo đúng cách nó đi.',
            ],
        },
        king: { title: 'Vua', text: ['Đi một ô theo bất kỳ hướng nào. Hoàng tử và vua dự phòng cũng đi như vậy.'] },
        general: { title: 'Tướng', text: ['Đi chéo một ô.'] },
        vizier: { title: 'Tể tướng', text: ['Đi thẳng một ô: lên, xuống hoặc sang ngang.'] },
        rook: { title: 'Xe', text: ['Như cờ vua: đi xa bao nhiêu cũng được theo hàng ngang hoặc cột dọc.'] },
        knight: { title: 'Mã', text: ['Như cờ vua: nhảy hình chữ L, hai ô rồi một ô sang bên.'] },
        picket: {
            title: 'Lính canh',
            text: ['Đi chéo như tượng, nhưng ít nhất hai ô: không bao giờ dừng ở ô đầu tiên.'],
        },
        giraffe: {
            title: 'Hươu cao cổ',
            text: ['Đi chéo một ô, rồi đi thẳng ra phía ngoài thêm ít nhất ba ô nữa. Mọi ô trên đường đi phải trống.'],
        },
        elephant: { title: 'Voi', text: ['Nhảy chéo đúng hai ô, qua được mọi quân.'] },
        camel: { title: 'Lạc đà', text: ['Nhảy như một con mã dài: ba ô theo một hướng rồi một ô sang bên.'] },
        war_engine: { title: 'Máy bắn đá', text: ['Nhảy thẳng đúng hai ô, qua được mọi quân.'] },
        pawns: {
            title: 'Tốt',
            text: [
                'Mỗi tốt thuộc về một loại quân: hình trên tốt cho biết là loại nào. Tốt tiến một ô và ăn chéo một ô về phía trước, không được đi hai ô ở nước đầu.',
                'Đến hàng cuối, tốt tự biến thành quân của nó. Tốt của vua biến thành hoàng tử.',
            ],
        },
        pawn_of_pawns: {
            title: 'Tốt của tốt',
            text: [
                'Lần đầu đến hàng cuối, nó đứng chờ ở đó. Sau này, người chơi có thể dùng một nước để đặt nó vào ô mà từ đó nó tấn công cùng lúc hai quân đối phương, hoặc một quân không đi được.',
                'Lần thứ hai, nó nhảy về ô xuất phát của tốt của vua. Lần thứ ba, nó trở thành vua dự phòng.',
            ],
        },
        royals: {
            title: 'Vua, hoàng tử và chiếu',
            text: [
                'Vua, hoàng tử và vua dự phòng là quân hoàng gia. Bên nào chỉ có một quân hoàng gia thì khi nó bị tấn công là bị chiếu, và phải thoát chiếu.',
                'Bên có từ hai quân hoàng gia trở lên thì không cần lo bị chiếu: đối phương có thể ăn một quân hoàng gia như mọi quân khác.',
            ],
        },
        swap: {
            title: 'Đổi chỗ vua',
            text: [
                'Mỗi ván một lần, khi bị chiếu hoặc không còn nước nào khác, vua được đổi chỗ với bất kỳ quân nào của mình, ở đâu trên bàn cờ cũng được, nếu ở chỗ mới vua an toàn.',
            ],
        },
        citadels: {
            title: 'Thành',
            text: [
                'Quân hoàng gia vào thành bằng một bước từ một trong ba ô cạnh thành. Ở trong thành, không quân nào tấn công được nó.',
                'Nếu vua của bạn (hoặc hoàng tử, khi vua không còn) bước vào thành của đối phương, ván cờ hòa ngay. Thành của mình chỉ dành cho vua dự phòng.',
            ],
        },
        end: {
            title: 'Ván cờ kết thúc thế nào',
            text: [
                'Bên không đi được nước nào thì thua: bị chiếu hết thì thua, và ở đây hết nước đi (pat) cũng thua.',
                'Vua vào thành đối phương, hoặc cùng một thế cờ lặp lại ba lần, là hòa. Bạn cũng có thể xin thua hoặc đồng ý hòa.',
            ],
        },
    },
    fourkingdoms: {
        aim: {
            title: 'Mục tiêu',
            text: [
                'Cờ vua cho bốn người, ai cũng chơi cho mình. Chiếu hết từng người một: vua cuối cùng còn trên bàn cờ thắng.',
            ],
        },
        board: FK_BOARD,
        pieces: FK_PIECES,
        pawns: FK_PAWNS,
        promotion: FK_PROMOTION,
        turns: FK_TURNS,
        command: {
            title: 'Nắm quyền chỉ huy một đội quân',
            text: [
                'Vua bị chiếu hết rời bàn cờ. Người chiếu hết nó được chỉ huy cả đội quân đó, và đi các quân ấy trong lượt của mình.',
                'Người xin thua mất hết quân của mình.',
            ],
        },
        alliance: {
            title: 'Liên minh',
            text: [
                'Khi còn ba người chơi và một người đã nắm thêm một đội quân, hai người kia có thể liên minh chống lại người đó. Cả hai phải đồng ý, và không thể hủy liên minh.',
                'Khi có thêm một người bị loại, liên minh chấm dứt. Ngay lúc đó, vua đang đứng cạnh đồng minh cũ có thể bị ăn.',
            ],
        },
        end: {
            title: 'Ván cờ kết thúc thế nào',
            text: [
                'Người cuối cùng còn lại thắng. Hết nước đi (pat), cùng một thế cờ lặp lại ba lần, 60 vòng không ăn quân và không đi tốt, hoặc mọi người cùng đồng ý, là hòa.',
                'Điểm: người thắng được 2, người bị loại thứ nhất và thứ hai được 1, người thứ ba 0. Khi hòa, mỗi người còn trong ván được 1.',
            ],
        },
    },
    'fourkingdoms-teams': {
        aim: {
            title: 'Mục tiêu',
            text: [
                'Bốn người chia hai đội: Đông và Nam đấu với Tây và Bắc. Đội nào loại được cả hai vua đối phương thì thắng.',
            ],
        },
        board: FK_BOARD,
        pieces: FK_PIECES,
        pawns: FK_PAWNS,
        promotion: FK_PROMOTION,
        turns: FK_TURNS,
        partners: {
            title: 'Đồng đội',
            text: [
                'Khi một người bị chiếu hết hoặc xin thua, vua của họ rời bàn cờ và đồng đội nắm quyền chỉ huy đội quân ấy, đi các quân đó trong lượt của mình.',
            ],
        },
        end: {
            title: 'Ván cờ kết thúc thế nào',
            text: [
                'Đội còn vua trên bàn cờ thắng. Hết nước đi (pat), cùng một thế cờ lặp lại ba lần, 60 vòng không ăn quân và không đi tốt, hoặc mọi người cùng đồng ý, là hòa.',
            ],
        },
    },
};

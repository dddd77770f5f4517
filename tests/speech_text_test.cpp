// Speech's text path (speech/text.h, speech/spoken_forms.h, speech/timings.h), without a voice:
// chess notation and squares said in words of each language, with the course's own words; every
// hostile text refused with the reason or read as plain text; each spoken character leading back
// to the span of the client's text it reads; word events turned into the client's words.
#include <gtest/gtest.h>

#include "learn/course.h"
#include "speech/text.h"
#include "speech/timings.h"
#include "speech/voice.h"

namespace citadel::speech {
namespace {

using learn::Lang;

std::string said(const Lang& lang, std::string_view text) {
    auto spoken = spoken_text(lang, text);
    if (auto* refusal = std::get_if<TextRefusal>(&spoken)) return "refused: " + refusal->message;
    return std::get<SpokenText>(spoken).text;
}

TextRefusal refusal(std::string_view text) {
    auto spoken = spoken_text(Lang::En, text);
    EXPECT_TRUE(std::holds_alternative<TextRefusal>(spoken)) << text;
    return std::holds_alternative<TextRefusal>(spoken) ? std::get<TextRefusal>(spoken)
                                                       : TextRefusal{};
}

struct Form {
    Lang             lang;
    std::string_view written, spoken;
};

TEST(SpeechForms, NotationIsSaidInWordsOfEachLanguage) {
    const Form table[] = {
        { Lang::En, "Kg7", "king to g7" },
        { Lang::En, "Nxe5", "knight takes on e5" },
        { Lang::En, "O-O", "castling on the king's side" },
        { Lang::En, "O-O-O", "castling on the queen's side" },
        { Lang::En, "0-0", "castling on the king's side" },
        { Lang::En, "e8=Q", "pawn to e8, becoming a queen" },
        { Lang::En, "dxe8=N", "pawn takes on e8, becoming a knight" },
        { Lang::En, "exd5", "pawn takes on d5" },
        { Lang::En, "Nxe5+", "knight takes on e5, check" },
        { Lang::En, "Qh7#", "queen to h7, checkmate" },
        { Lang::En, "e4+", "pawn to e4, check" },
        { Lang::En, "Nbd7", "knight to d7" },
        { Lang::En, "R1e2", "rook to e2" },
        { Lang::En, "Qh4xe1", "queen takes on e1" },
        { Lang::En, "Bb5", "bishop to b5" },
        { Lang::En, "White plays Nf3, then Bc4.", "White plays knight to f3, then bishop to c4." },
        // Squares stay squares (the voice reads "g7" well), other words stay words.
        { Lang::En, "Not to f8 or h8.", "Not to f8 or h8." },
        { Lang::En, "Be careful: Kg9, Ka and e9 are not moves.",
            "Be careful: Kg9, Ka and e9 are not moves." },
        { Lang::En, "e2-e4", "e2-e4" },
        { Lang::En, "Nf3 e5 Nxe5", "knight to f3 e5 knight takes on e5" },
        { Lang::En, "Nf3  Nc6 O-O", "knight to f3,  knight to c6, castling on the king's side" },

        { Lang{ "zh" }, "Kg7", "王走到 ji1 七 " },
        { Lang{ "zh" }, "Nxe5+", "马吃子走到 yi1 五 ，将军" },
        { Lang{ "zh" }, "Qh7#", "后走到 ai4chi3 七 ，将死" },
        { Lang{ "zh" }, "O-O", "王翼易位（短易位）" },
        { Lang{ "zh" }, "O-O-O", "后翼易位（长易位）" },
        { Lang{ "zh" }, "e8=Q", "兵走到 yi1 八 ，升变成后" },
        { Lang{ "zh" }, "exd5", "兵吃子走到 di1 五 " },
        { Lang{ "zh" }, "不能去f8或h8", "不能去 ai4fu5 八 或 ai4chi3 八 " },
        { Lang{ "zh" }, "Nf3 Nc6", "马走到 ai4fu5 三 、 马走到 xi1 六 " }, // a pause between moves
        { Lang{ "zh" }, "a1 b2 c3 d4", " ei1 一   bi1 二   xi1 三   di1 四 " },
        { Lang{ "zh" }, "e2-e4", " yi1 二 - yi1 四 " },
        // Characters the voice reads with the wrong reading.
        { Lang{ "zh" }, "车在第八行", " ju1 在第八 hang2 " },
        { Lang{ "zh" }, "最后一行也不行", "最后一 hang2 也不行" },
        { Lang{ "zh" }, "重复三次", " chong2fu4 三次" },
        { Lang{ "zh" }, "赢不了", "赢 bu4liao3 " },

        { Lang{ "vi" }, "Kg7", "Vua đi đến g7" },
        { Lang{ "vi" }, "Nxe5+", "Mã ăn quân ở e5, chiếu" },
        { Lang{ "vi" }, "Qh7#", "Hậu đi đến h7, chiếu hết" },
        { Lang{ "vi" }, "O-O", "nhập thành cánh Vua" },
        { Lang{ "vi" }, "O-O-O", "nhập thành cánh Hậu" },
        { Lang{ "vi" }, "e8=Q", "Tốt đi đến e8 và phong thành Hậu" },
        { Lang{ "vi" }, "exd5", "Tốt ăn quân ở d5" },
        { Lang{ "vi" }, "Không sang f8 hay h8 được", "Không sang f8 hay h8 được" },
        { Lang{ "vi" }, "Nf3 Nc6", "Mã đi đến f3, Mã đi đến c6" },
    };
    for (const Form& f : table)
        EXPECT_EQ(said(f.lang, f.written), f.spoken) << f.lang.id << ": " << f.written;
}

TEST(SpeechForms, PiecesAreNamedAsTheCourseNamesThem) {
    const auto&                        texts    = learn::Course::builtin().texts();
    const std::pair<char, const char*> pieces[] = { { 'K', "king" }, { 'Q', "queen" },
        { 'R', "rook" }, { 'B', "bishop" }, { 'N', "knight" } };
    for (const Lang& lang : speech::spoken_languages())
        for (auto [letter, name] : pieces) {
            const std::string written = std::string(1, letter) + "d4";
            const std::string move    = texts(lang, "say.move.go",
                   { { "piece", texts(lang, "piece." + std::string(name)) },
                       { "to", lang == Lang{ "zh" } ? " di1 四 " : "d4" } });
            EXPECT_EQ(said(lang, written), move) << lang.id << " " << name;
        }
    // The respelled rook is the catalogue's rook.
    EXPECT_EQ(texts(Lang{ "zh" }, "piece.rook"), "车");
}

TEST(SpeechText, RefusesWhatIsNotText) {
    EXPECT_NE(refusal("ok \xC3\x28").message.find("not valid UTF-8 (byte 3"), std::string::npos);
    refusal("\xC0\xAF"); // overlong '/'
    refusal("\xED\xA0\x80"); // a surrogate
    refusal("\xF4\x90\x80\x80"); // past U+10FFFF
    refusal("\xE4\xB8"); // cut short
    refusal("\x80");
    EXPECT_NE(
        refusal(std::string("a\0b", 3)).message.find("U+0000 (character 2)"), std::string::npos);
    EXPECT_NE(refusal("bell\x07").message.find("U+0007"), std::string::npos);
    EXPECT_NE(refusal("del\x7F").message.find("U+007F"), std::string::npos);
    EXPECT_NE(refusal("c1 \xC2\x85").message.find("U+0085"), std::string::npos);
    EXPECT_NE(refusal("escape \x1B[31m").message.find("U+001B"), std::string::npos);
    EXPECT_FALSE(refusal("\xFF").too_long);
}

TEST(SpeechText, CountsCharactersNotBytes) {
    EXPECT_EQ(said(Lang::En, std::string(kMaxChars, 'a')).size(), 3u); // a run cut to three
    std::string cjk;
    for (size_t i = 0; i < kMaxChars; ++i) cjk += i % 2 ? "王" : "后";
    EXPECT_EQ(said(Lang{ "zh" }, cjk), cjk);
    auto over = spoken_text(Lang{ "zh" }, cjk + "王");
    ASSERT_TRUE(std::holds_alternative<TextRefusal>(over));
    EXPECT_TRUE(std::get<TextRefusal>(over).too_long);
    EXPECT_NE(std::get<TextRefusal>(over).message.find("601"), std::string::npos);
}

TEST(SpeechText, ReadsMarkupAndSymbolsAsPlainText) {
    EXPECT_EQ(said(Lang::En, "<speak><prosody rate='x-slow'>hi</prosody></speak>"),
        "<speak><prosody rate='x-slow'>hi</prosody></speak>");
    EXPECT_EQ(said(Lang::En, "[[h@l'oU]] &amp;"), "[[h@l'oU]] &amp;");
    EXPECT_EQ(said(Lang::En, "a\tb\r\nc"), "a b  c");
    EXPECT_EQ(said(Lang::En, "Mate!!!!!!!!!!"), "Mate!!!");
    EXPECT_EQ(said(Lang::En, std::string(kMaxChars, '#')), "###");
}

TEST(SpeechText, EachSpokenCharacterKeepsItsSpanInUtf16) {
    auto spoken = std::get<SpokenText>(spoken_text(Lang::En, "😀 Nxe5+ wins!!!!!"));
    EXPECT_EQ(spoken.text, "😀 knight takes on e5, check wins!!!");
    ASSERT_EQ(spoken.origin.size(), 35u); // code points
    EXPECT_EQ(spoken.origin[0], (Span{ 0, 2 })); // a surrogate pair
    EXPECT_EQ(spoken.origin[1], (Span{ 2, 1 }));
    for (size_t i = 2; i < 27; ++i) EXPECT_EQ(spoken.origin[i], (Span{ 3, 5 })) << i;
    EXPECT_EQ(spoken.origin[28], (Span{ 9, 1 })); // w
    EXPECT_EQ(spoken.origin[34], (Span{ 15, 3 })); // the last '!' stands for the run's rest
}

TEST(SpeechTimings, WordEventsBecomeTheClientsWords) {
    auto spoken = std::get<SpokenText>(spoken_text(Lang::En, "Nxe5+ wins"));
    ASSERT_EQ(spoken.text, "knight takes on e5, check wins");
    // knight, takes, on, e5, check, wins; then one out of order and one past the end.
    const std::vector<WordEvent> events = { { 0, 6, 0 }, { 7, 5, 300 }, { 13, 2, 600 },
        { 16, 2, 800 }, { 20, 5, 1200 }, { 26, 4, 1700 }, { 0, 6, 1900 }, { 99, 3, 2000 } };
    EXPECT_EQ(
        word_timings(spoken, events), (std::vector<WordTiming>{ { 0, 5, 0 }, { 6, 4, 1700 } }));
    EXPECT_TRUE(word_timings(spoken, {}).empty());
}

} // namespace
} // namespace citadel::speech

#include "speech/mp3.h"

#include <algorithm>
#include <lame/lame.h>
#include <memory>
#include <stdexcept>
#include <vector>

namespace citadel::speech {

std::string encode_mp3(std::span<const int16_t> samples, int rate) {
    std::unique_ptr<lame_global_flags, decltype(&lame_close)> lame(lame_init(), lame_close);
    if (!lame) throw std::runtime_error("LAME cannot start");
    lame_set_num_channels(lame.get(), 1);
    lame_set_mode(lame.get(), MONO);
    lame_set_in_samplerate(lame.get(), rate);
    lame_set_out_samplerate(lame.get(), rate);
    lame_set_VBR(lame.get(), vbr_off);
    lame_set_brate(lame.get(), kMp3Kbps);
    lame_set_bWriteVbrTag(lame.get(), 1);
    // LAME's "ok quality, really fast": half the default's time, and measured on the course's
    // texts its decoded waveform is nearer the voice's (SNR 21-23 dB against the default's 17-20).
    lame_set_quality(lame.get(), 7);
    if (lame_init_params(lame.get()) < 0) throw std::runtime_error("LAME refused its settings");

    // LAME's worst case: 1.25 bytes a sample and 7200 more.
    std::vector<unsigned char> out(samples.size() * 5 / 4 + 7200);
    int written = lame_encode_buffer(lame.get(), samples.data(), samples.data(),
        int(samples.size()), out.data(), int(out.size()));
    if (written < 0) throw std::runtime_error("LAME could not encode");
    const int flushed
        = lame_encode_flush(lame.get(), out.data() + written, int(out.size()) - written);
    if (flushed < 0) throw std::runtime_error("LAME could not finish");
    out.resize(size_t(written + flushed));
    // The Info tag, now that the length is known, over the empty frame written first.
    unsigned char tag[2880];
    const size_t  tag_size = lame_get_lametag_frame(lame.get(), tag, sizeof tag);
    if (tag_size > 0 && tag_size <= out.size()) std::copy(tag, tag + tag_size, out.begin());
    return std::string(out.begin(), out.end());
}

} // namespace citadel::speech

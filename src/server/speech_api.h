// The speech routes (docs/server.md, "Speech"): GET /api/speech answers a text spoken
// (audio/mpeg), GET /api/speech/words when each of its words is said, both from the same
// recording. Both take `lang` (en, zh or vi; English when absent) and `text` (at most 600
// characters). The Speaker (src/speech) makes a recording once, on its own worker thread, and
// keeps it on disk: a cached one is answered on the network thread, one still to make later
// (Reply::later), so no network thread waits for the synthesiser. Each client address may have
// recordings made at `made_per_second`, bursts up to `made_burst` (cached answers do not count),
// so one client cannot keep the synthesiser to itself; the per-connection limit applies as to
// every request. Every answer says whether it was cached (`X-Citadel-Speech: cached` or
// `synthesised`), and may be cached by the browser for good: a URL's speech never changes
// meaning.
#pragma once

#include "server/rate_limit.h"
#include "server/routes.h"
#include "speech/speaker.h"

namespace citadel::server {

struct SpeechLimits {
    double made_per_second = 0.5; // recordings made for one client address...
    double made_burst      = 30; // ...with bursts up to this many
    size_t max_clients     = 10000; // addresses whose limit is remembered at most
};

class SpeechApi {
  public:
    explicit SpeechApi(speech::Speaker& speaker, SpeechLimits limits = {});

    Reply audio(const ApiRequest& request); // GET /api/speech?lang=&text=
    Reply words(const ApiRequest& request); // GET /api/speech/words?lang=&text=

  private:
    Reply answer(const ApiRequest& request, bool audio);

    speech::Speaker& speaker_;
    AddressRateLimit made_; // recordings made, per client address
};

} // namespace citadel::server

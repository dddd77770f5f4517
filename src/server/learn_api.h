// The course's routes (docs/learn.md; learn.md of the contract): JSON in and out for the learn
// layer (src/learn), which knows nothing of HTTP. Stateless: every answer is made from the
// request and the course built into the binary. The judge's searches are small (a few
// thousand nodes), so they run on the request's own thread.
#pragma once

#include "server/reply.h"

namespace citadel::server {

// GET /api/learn/course?lang=
Reply learn_course(std::string_view query);
// GET /api/learn/lessons/{id}?lang=
Reply learn_lesson(const std::string& id, std::string_view query);
// GET /api/learn/levels/{id}?lang=
Reply learn_level(const std::string& id, std::string_view query);
// POST /api/learn/levels/{id}/move {"line", "move" | "choice", "lang", "mistakes", "hints"}
Reply learn_move(const std::string& id, const json& body);
// GET /api/learn/levels/{id}/hint?line=e2e4,e7e5&step=1&lang=
Reply learn_hint(const std::string& id, std::string_view query);
// GET /api/learn/practice?topic=checkmate&count=5&seed=7&lang=
Reply learn_practice(std::string_view query);
// POST /api/explain {"variant", "fen", "move", "lang"}
Reply explain(const json& body);
// POST /api/escape {"variant", "fen", "lang"}
Reply escape(const json& body);

} // namespace citadel::server

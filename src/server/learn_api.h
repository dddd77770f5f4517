// The course's routes (docs/learn.md; learn.md of the contract): JSON in and out for the learn
// layer (src/learn), which knows nothing of HTTP. Every answer is made from the request and the
// course built into the binary; the one thing kept is a child's record (family_service.h), given
// to these functions by the routes. The judge's searches are small (a few thousand nodes), so
// they run on the request's own thread.
#pragma once

#include <functional>
#include <set>

#include "server/family_service.h"
#include "server/reply.h"

namespace citadel::server {

// GET /api/learn/course?lang=
Reply learn_course(std::string_view query);
// GET /api/learn/lessons/{id}?lang=
Reply learn_lesson(const std::string& id, std::string_view query);
// GET /api/learn/levels/{id}?lang=
Reply learn_level(const std::string& id, std::string_view query);
// Where a judged move's result goes (a child's record, family_service.h): the refusal if it
// cannot be kept.
using RecordResult = std::function<std::optional<Reply>(const LearnResult&)>;

// POST /api/learn/levels/{id}/move {"line", "move" | "choice", "lang", "mistakes", "hints"}:
// `record` (where the body names a child) is given every verdict but "good".
Reply learn_move(const std::string& id, const json& body, const RecordResult& record = {});
// GET /api/learn/levels/{id}/hint?line=e2e4,e7e5&step=1&lang=
Reply learn_hint(const std::string& id, std::string_view query);
// GET /api/learn/practice?topic=checkmate&count=5&seed=7&stage=1&lang=. For a child, a query
// without a seed draws one whose levels are all new to the child, at the child's stage in the
// topic, and answers both.
Reply learn_practice(std::string_view query, const ChildPractice* child = nullptr);
// POST /api/explain {"variant", "fen", "move", "lang"}
Reply explain(const json& body);
// POST /api/escape {"variant", "fen", "lang"}
Reply escape(const json& body);

} // namespace citadel::server

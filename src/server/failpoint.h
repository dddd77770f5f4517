// Fault points for the cluster's fault tests (tests/cluster_faults_test.py, tests/cluster_test.py,
// docs/server.md, "Tests"): with the environment variable CITADEL_FAILPOINT=NAME:N the process
// kills itself with SIGKILL, exactly as `kill -9` would, the Nth time it passes the point NAME;
// with CITADEL_FAILPOINT=NAME:N:pause=MS the thread passing it the Nth time sleeps MS
// milliseconds instead (a moment stretched, so that a test can stop the node inside it); with
// CITADEL_FAILPOINT=NAME:N:fail failpoint() returns true that once, and the code at the point
// fails as its comment says. The points are the moments where a fault means something different:
//   step.before_commit   a step is about to be written (it never is: the request was not done)
//   step.after_commit    a step is written, not yet answered or broadcast (it was done)
//   broadcast.after      a message has been handed to this node's WebSockets and to the bus
//   relay.answer         the answer to a request another node forwarded is about to be sent
//   pg.answer_lost       (fail) PostgreSQL has committed an append of steps, and the connection
//                        is lost before its answer is read (postgres_storage.cpp)
//   pg.lost_in_write     (fail) the connection is lost while an append of steps is sent, before
//                        PostgreSQL has it
// Without the variable a point costs a test of an empty string.
#pragma once

namespace citadel::server {

// True only where a :fail point fires.
bool failpoint(const char* name);

} // namespace citadel::server

// For the tests that need a PostgreSQL server (the PostgreSQL store's, the cluster's): the server
// is named by the environment variable CITADEL_TEST_PG (a libpq URI, as `scripts/pg-local start
// DIR` prints); without it those tests are skipped, saying so. Each test works in a schema of its
// own, dropped after it.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <libpq-fe.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

inline const char* pg_server() { return std::getenv("CITADEL_TEST_PG"); }

constexpr const char* kNoServer
    = "CITADEL_TEST_PG is not set: set it to a PostgreSQL URI (scripts/pg-local start DIR prints "
      "one) to test with PostgreSQL";

// A schema of its own on the server CITADEL_TEST_PG names, dropped after the test: `uri` opens
// stores in it (its search_path), under an application name of its own (lost_connections()).
struct TempSchema {
    std::string name, uri;
    PGconn*     admin = nullptr;
    TempSchema() {
        static std::atomic<int> made{ 0 };
        name  = "citadel_test_" + std::to_string(::getpid()) + "_" + std::to_string(made++);
        admin = PQconnectdb(pg_server());
        if (PQstatus(admin) != CONNECTION_OK)
            throw std::runtime_error(std::string("CITADEL_TEST_PG: ") + PQerrorMessage(admin));
        const std::string base = pg_server();
        uri                    = base.starts_with("postgres")
                               ? base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D"
                + name + "&application_name=" + name
                               : base + " options='-csearch_path=" + name + "' application_name=" + name;
        run("SET client_min_messages = warning; DROP SCHEMA IF EXISTS " + name
            + " CASCADE; CREATE SCHEMA " + name);
    }
    ~TempSchema() {
        run("DROP SCHEMA IF EXISTS " + name + " CASCADE");
        PQfinish(admin);
    }
    // Runs statements with the schema's tables first in the search path; answers the first
    // value of the last one.
    std::string run(const std::string& sql) {
        PGresult* r = PQexec(admin, ("SET search_path = " + name + "; " + sql).c_str());
        EXPECT_TRUE(PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK)
            << sql << ": " << PQresultErrorMessage(r);
        std::string out = PQntuples(r) > 0 ? PQgetvalue(r, 0, 0) : "";
        PQclear(r);
        return out;
    }
    // Ends the server's side of every connection of this schema's stores, as a restart of the
    // server would.
    void lost_connections() {
        const char* values[] = { name.c_str() };
        PGresult*   r        = PQexecParams(admin,
                     "SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity"
                              " WHERE application_name = $1",
                     1, nullptr, values, nullptr, nullptr, 0);
        EXPECT_EQ(PQresultStatus(r), PGRES_TUPLES_OK) << PQresultErrorMessage(r);
        PQclear(r);
    }
};

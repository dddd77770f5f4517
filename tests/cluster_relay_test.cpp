// RelayedStream (server/cluster_relay.h): what a node watching a game another node runs does with
// the owner's numbered messages and its snapshots. The bus may drop, and a new owner starts a new
// epoch; a watcher must pass every message on once, in order, or ask for a fresh snapshot.
#include <gtest/gtest.h>

#include "server/cluster_relay.h"

namespace citadel::server {
namespace {

using Verdict = RelayedStream::Verdict;

RelayedStream::Message msg(int64_t epoch, uint64_t seq) {
    return { epoch, seq, std::to_string(epoch) + "." + std::to_string(seq) };
}

TEST(RelayedStream, HoldsMessagesUntilTheSnapshotThenPassesOnThoseAfterIt) {
    RelayedStream s;
    s.begin_sync();
    EXPECT_EQ(s.take(msg(1, 3)), Verdict::held);
    EXPECT_EQ(s.take(msg(1, 4)), Verdict::held);
    EXPECT_EQ(s.take(msg(1, 5)), Verdict::held);
    auto after = s.synced(1, 3); // message 3 was in the snapshot already
    ASSERT_TRUE(after);
    EXPECT_EQ(*after, (std::vector<std::string>{ "1.4", "1.5" }));
    EXPECT_FALSE(s.syncing());
    EXPECT_EQ(s.take(msg(1, 6)), Verdict::deliver);
}

TEST(RelayedStream, PassesOnEachMessageOnceInOrder) {
    RelayedStream s;
    s.begin_sync();
    ASSERT_TRUE(s.synced(2, 0));
    EXPECT_EQ(s.take(msg(2, 1)), Verdict::deliver);
    EXPECT_EQ(s.take(msg(2, 1)), Verdict::drop); // a duplicate
    EXPECT_EQ(s.take(msg(2, 2)), Verdict::deliver);
}

TEST(RelayedStream, AGapAsksForASnapshot) {
    RelayedStream s;
    s.begin_sync();
    ASSERT_TRUE(s.synced(1, 7));
    EXPECT_EQ(s.take(msg(1, 9)), Verdict::resync); // 8 was lost
    // ...and held messages with a gap after the snapshot need another one.
    s.begin_sync();
    s.take(msg(1, 11));
    EXPECT_FALSE(s.synced(1, 9));
    EXPECT_TRUE(s.syncing());
}

TEST(RelayedStream, ANewOwnersEpochAsksForASnapshotAndTheOldOwnersLateMessagesAreDropped) {
    RelayedStream s;
    s.begin_sync();
    ASSERT_TRUE(s.synced(1, 4));
    EXPECT_EQ(s.take(msg(2, 1)), Verdict::resync);
    s.begin_sync();
    s.take(msg(1, 5)); // the old owner's, late
    s.take(msg(2, 2));
    auto after = s.synced(2, 1);
    ASSERT_TRUE(after);
    EXPECT_EQ(*after, (std::vector<std::string>{ "2.2" }));
    EXPECT_EQ(s.take(msg(1, 6)), Verdict::drop);
    // A held message of an epoch newer than the snapshot's: the snapshot is already old.
    s.begin_sync();
    s.take(msg(3, 1));
    EXPECT_FALSE(s.synced(2, 2));
}

TEST(RelayedStream, MessagesBeforeAnySnapshotAreHeld) {
    RelayedStream s; // a new watcher has asked for its first snapshot
    EXPECT_TRUE(s.syncing());
    EXPECT_EQ(s.take(msg(1, 1)), Verdict::held);
}

} // namespace
} // namespace citadel::server

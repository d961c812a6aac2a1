// A player's games (the seats their account took, account_store.h) as the profile page lists them, filtered by
// category, result and opponent, and as one PGN file of all of them, generated page by page so that 10,000 games
// hold no more memory than a page of them.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "server/base/game_archive.h"
#include "server/store/account_store.h"

namespace tabiya::server {

struct HistoryFilter {
  std::string category;  // "bullet" | "blitz" | "rapid" | "classical" | "correspondence" | "unlimited"; empty: any
  std::string result;    // "win" | "loss" | "draw" | "ongoing" | "aborted"; empty: any
  std::string opponent;  // a username (any case), "robot" or "anonymous"; empty: any
};

// The filter and the cursor of a query string ("category=blitz&result=win&opponent=bob&before=AT.GAME"); the
// error names the parameter and its value.
Result<HistoryFilter> parse_history_filter(std::string_view query, GamesCursor& cursor);

// The category by the estimated duration of a game (base + 40 x increment, the first period): bullet < 3 min,
// blitz < 8 min, rapid < 25 min, classical beyond; "correspondence" with days per move, "unlimited" without a
// clock. The FIDE categories of laws/game_category.h decide which Laws apply; these sort a player's history.
std::string history_category(std::string_view time, bool correspondence);

struct HistoryContext {
  AccountStore& store;
  const GameArchive& archive;
  std::string account;      // whose games
  bool with_seats = false;  // the owner's own list: the seat tokens, to get back into the games
};

// Up to `limit` games matching `filter` after `cursor`, as JSON {"games": [...], "next": CURSOR|null}; reads at
// most `scan` seats (a rare filter answers with fewer games and a `next` to go on from).
Result<std::string> history_page(const HistoryContext& context, const HistoryFilter& filter, GamesCursor cursor,
                                 std::size_t limit, std::size_t scan = 500);

// The PGN of every game matching `filter`, one piece per call (at most `page` games), nullopt at the end. The
// players' tags name their accounts.
std::function<std::optional<std::string>()> pgn_export(AccountStore& store, GameArchive archive, std::string account,
                                                       HistoryFilter filter, std::size_t page = 20);

}  // namespace tabiya::server

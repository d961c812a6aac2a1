// What a client sends on a game's WebSocket (docs/protocol.md, "Client to
// server"), read once into typed messages: the room's handlers take these
// structs, never JSON. Each refusal names the field at fault.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/result.h"
#include "laws/game.h"
#include "notation/language.h"
#include "server/games/protocol.h"

namespace tabiya::server {

inline constexpr std::size_t MAX_CLIENT_MESSAGE_BYTES = 4096;  // the network layer enforces it first

struct HelloMessage {
  int64_t version = PROTOCOL_VERSION;
  std::vector<std::string> seats;  // tokens as sent; one that is not a string is kept empty (matches no seat)
};

struct PongMessage {
  int64_t n = 0;
};

struct ResyncMessage {
  int64_t since = 0;
};

// A move as UCI ("e2e4") or as a person typed it ("Nf3", "Sf3" with lang "de", "e2-e4"; notation/move_reader.h).
struct MoveMessage {
  std::string uci;                  // empty when `text` is given
  std::optional<std::string> text;  // the typed form
  Language language = Language::EN;
  std::optional<int> ply;  // moves already played, as the client saw them
};

enum class OfferKind { DRAW, TAKEBACK };
enum class OfferAnswer { OFFER, ACCEPT, DECLINE };

struct OfferMessage {
  OfferKind kind = OfferKind::DRAW;
  OfferAnswer action = OfferAnswer::OFFER;
  std::optional<Color> color;  // hot-seat: the side it acts for
};

struct ClaimMessage {
  ClaimGround ground = ClaimGround::THREEFOLD_REPETITION;
  std::string uci;                  // the intended move, may be empty
  std::optional<std::string> text;  // or the intended move as typed (read as a move's `text`)
  Language language = Language::EN;
  std::optional<Color> color;
};

struct ResignMessage {
  std::optional<Color> color;
};

// A rematch of a finished invite game: offered, accepted or declined (withdrawn when the offerer declines).
struct RematchMessage {
  OfferAnswer action = OfferAnswer::OFFER;
};

// The fair start (play/fair_start.h): ends the game without a result.
struct AbortMessage {
  std::optional<Color> color;
};

// The opponent is gone (play/opponent_gone.h): the player present takes the win or calls it a draw.
struct OpponentGoneMessage {
  bool win = true;
  std::optional<Color> color;
};

using ClientMessage = std::variant<HelloMessage, PongMessage, ResyncMessage, MoveMessage, OfferMessage, ClaimMessage,
                                   ResignMessage, RematchMessage, AbortMessage, OpponentGoneMessage>;

struct ClientRequest {
  std::optional<int64_t> req;  // echoed in the answer
  ClientMessage message;
};

struct ClientMessageError {
  std::optional<int64_t> req;  // the answer's `req`, when the message had a valid one (never for hello)
  std::string type;            // the message's `t` when it could be read, e.g. to answer hello_first first
  ProtocolError error;
};

Result<ClientRequest, ClientMessageError> parse_client_message(std::string_view text);

std::string_view offer_kind_text(OfferKind kind);        // "draw" | "takeback"
std::string_view claim_ground_text(ClaimGround ground);  // "threefold" | "fifty"

}  // namespace tabiya::server

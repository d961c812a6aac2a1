#include "server/games/client_message.h"

#include <algorithm>
#include <boost/json.hpp>

namespace tabiya::server {
namespace json = boost::json;

namespace {

using Parsed = Result<ClientMessage, ProtocolError>;

const json::value* field(const json::object& o, std::string_view name) {
  auto it = o.find(name);
  return it == o.end() || it->value().is_null() ? nullptr : &it->value();
}

// An optional "color": absent or null is none.
Result<std::optional<Color>, ProtocolError> color_field(const json::object& o) {
  const json::value* v = field(o, "color");
  if (!v) return std::optional<Color>();
  std::optional<Color> c = v->is_string() ? parse_color(v->as_string()) : std::nullopt;
  if (!c) return bad_field("color", "white|black");
  return c;
}

Parsed hello(const json::object& o) {
  HelloMessage m;
  const json::value* v = field(o, "v");
  if (!v || !v->is_int64()) return bad_field("v", "integer");
  if (v->as_int64() != PROTOCOL_VERSION) {
    ProtocolError e{"unsupported_version", {}, {}};
    e.data["supported"] = json::array{PROTOCOL_VERSION};
    return e;
  }
  m.version = v->as_int64();
  if (const json::value* seats = field(o, "seats")) {
    if (!seats->is_array()) return bad_field("seats", "array of strings");
    for (const json::value& token : seats->as_array())
      m.seats.push_back(token.is_string() ? std::string(token.as_string()) : std::string());
  }
  return ClientMessage(std::move(m));
}

Parsed integer_message(const json::object& o, std::string_view name, auto make) {
  const json::value* v = field(o, name);
  if (!v || !v->is_int64()) return bad_field(name, "integer");
  return ClientMessage(make(v->as_int64()));
}

// A move given as `uci` or as typed `text` with its `lang`, for a move and a claim's intended move alike.
std::optional<ProtocolError> read_move_fields(const json::object& o, bool required, std::string& uci_out,
                                              std::optional<std::string>& text_out, Language& language) {
  const json::value* uci = field(o, "uci");
  const json::value* text = field(o, "text");
  if (text) {
    if (!text->is_string()) return bad_field("text", "string");
    if (uci) return bad_field("text", "string", "a move is given as uci or as text, not both");
    text_out = std::string(text->as_string());
    if (const json::value* lang = field(o, "lang")) {
      std::optional<Language> l = lang->is_string() ? parse_language(lang->as_string()) : std::nullopt;
      if (!l) return bad_field("lang", "en|pl|de|lv|uk|ru|bg");
      language = *l;
    }
  } else if (uci || required) {
    if (!uci || !uci->is_string()) return bad_field("uci", "string");
    uci_out = std::string(uci->as_string());
  }
  return std::nullopt;
}

Parsed move(const json::object& o) {
  MoveMessage m;
  if (auto e = read_move_fields(o, true, m.uci, m.text, m.language)) return *e;
  if (const json::value* ply = field(o, "ply")) {
    if (!ply->is_int64()) return bad_field("ply", "integer");
    m.ply = int(std::clamp<int64_t>(ply->as_int64(), -1, 100000));
  }
  return ClientMessage(std::move(m));
}

Result<OfferAnswer, ProtocolError> offer_action(const json::object& o) {
  const json::value* action = field(o, "action");
  std::string_view a = action && action->is_string() ? std::string_view(action->as_string()) : std::string_view();
  if (a == "offer") return OfferAnswer::OFFER;
  if (a == "accept") return OfferAnswer::ACCEPT;
  if (a == "decline") return OfferAnswer::DECLINE;
  return bad_field("action", "offer|accept|decline");
}

Parsed offer(const json::object& o, OfferKind kind) {
  OfferMessage m;
  m.kind = kind;
  auto action = offer_action(o);
  if (!action) return action.error();
  m.action = *action;
  auto color = color_field(o);
  if (!color) return color.error();
  m.color = *color;
  return ClientMessage(m);
}

Parsed claim(const json::object& o) {
  ClaimMessage m;
  const json::value* ground = field(o, "ground");
  std::string_view g = ground && ground->is_string() ? std::string_view(ground->as_string()) : std::string_view();
  if (g == "threefold") m.ground = ClaimGround::THREEFOLD_REPETITION;
  else if (g == "fifty") m.ground = ClaimGround::FIFTY_MOVES;
  else return bad_field("ground", "threefold|fifty");
  if (auto e = read_move_fields(o, false, m.uci, m.text, m.language)) return *e;
  auto color = color_field(o);
  if (!color) return color.error();
  m.color = *color;
  return ClientMessage(std::move(m));
}

Parsed resign(const json::object& o) {
  auto color = color_field(o);
  if (!color) return color.error();
  return ClientMessage(ResignMessage{*color});
}

Parsed abort(const json::object& o) {
  auto color = color_field(o);
  if (!color) return color.error();
  return ClientMessage(AbortMessage{*color});
}

Parsed opponent_gone(const json::object& o) {
  const json::value* claim = field(o, "claim");
  std::string_view c = claim && claim->is_string() ? std::string_view(claim->as_string()) : std::string_view();
  if (c != "win" && c != "draw") return bad_field("claim", "win|draw");
  auto color = color_field(o);
  if (!color) return color.error();
  return ClientMessage(OpponentGoneMessage{c == "win", *color});
}

Parsed by_type(std::string_view t, const json::object& o) {
  if (t == "hello") return hello(o);
  if (t == "pong") return integer_message(o, "n", [](int64_t n) { return PongMessage{n}; });
  if (t == "resync") return integer_message(o, "since", [](int64_t s) { return ResyncMessage{s}; });
  if (t == "move") return move(o);
  if (t == "draw") return offer(o, OfferKind::DRAW);
  if (t == "takeback") return offer(o, OfferKind::TAKEBACK);
  if (t == "claim") return claim(o);
  if (t == "resign") return resign(o);
  if (t == "rematch") {
    auto action = offer_action(o);
    if (!action) return action.error();
    return ClientMessage(RematchMessage{*action});
  }
  if (t == "abort") return abort(o);
  if (t == "opponent_gone") return opponent_gone(o);
  ProtocolError e{"unknown_type", {}, {}};
  e.data["t"] = t;
  return e;
}

}  // namespace

Result<ClientRequest, ClientMessageError> parse_client_message(std::string_view text) {
  if (text.size() > MAX_CLIENT_MESSAGE_BYTES) {
    ProtocolError e{"too_large", {}, {}};
    e.data["limit"] = MAX_CLIENT_MESSAGE_BYTES;
    return ClientMessageError{std::nullopt, {}, std::move(e)};
  }
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) {
    ProtocolError e{"bad_json", {}, ec.message()};
    // parse() does not report where it stopped; a stream parser says how much it consumed.
    json::stream_parser p;
    e.data["position"] = p.write_some(text.data(), text.size(), ec);
    return ClientMessageError{std::nullopt, {}, std::move(e)};
  }
  if (!doc.is_object())
    return ClientMessageError{std::nullopt, {}, bad_field("", "object", "a message is one JSON object")};
  const json::object& o = doc.as_object();
  std::optional<int64_t> req;
  if (const json::value* r = field(o, "req")) {
    if (!r->is_int64()) return ClientMessageError{std::nullopt, {}, bad_field("req", "integer")};
    req = r->as_int64();
  }
  const json::value* t = field(o, "t");
  if (!t || !t->is_string()) return ClientMessageError{req, {}, bad_field("t", "string")};
  const std::string type(t->as_string());
  auto message = by_type(type, o);
  // A hello's refusals carry no req (the protocol's hello has none).
  if (!message) return ClientMessageError{type == "hello" ? std::nullopt : req, type, message.error()};
  return ClientRequest{type == "hello" ? std::nullopt : req, std::move(*message)};
}

std::string_view offer_kind_text(OfferKind kind) { return kind == OfferKind::DRAW ? "draw" : "takeback"; }

std::string_view claim_ground_text(ClaimGround ground) {
  return ground == ClaimGround::FIFTY_MOVES ? "fifty" : "threefold";
}

}  // namespace tabiya::server

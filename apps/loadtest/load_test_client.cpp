// The load generator's client (load_test_client.h). Its handlers carry the number of the socket they were
// started for: after a reconnection, a late handler of the old socket changes nothing.
#include "loadtest/load_test_client.h"

#include <array>
#include <chrono>
#include <utility>

#include "loadtest/load_scan.h"

namespace tabiya::loadtest {

using namespace load_io;

namespace {

// The pieces of a FEN's placement field by square (a1 = 0), '.' for empty.
std::array<char, 64> board_of(std::string_view fen) {
  std::array<char, 64> board;
  board.fill('.');
  int rank = 7, file = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else if (rank >= 0 && file < 8) {
      board[rank * 8 + file++] = c;
    }
  }
  return board;
}

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The UCI of each move of a `game` object's `moves` (its raw text).
std::vector<std::string> move_list(std::string_view moves) {
  std::vector<std::string> list;
  load_scan::for_each_element(moves, [&list](std::string_view move) {
    std::string_view uci;
    load_scan::for_each_member(move, [&uci](std::string_view key, std::string_view value) {
      if (key == "uci") uci = load_scan::string_value(value);
      return true;
    });
    list.emplace_back(uci);
  });
  return list;
}

}  // namespace

std::vector<std::string> legal_moves(std::string_view legal, std::string_view fen) {
  std::vector<std::string> moves;
  std::array<char, 64> board = board_of(fen);
  load_scan::for_each_member(legal, [&](std::string_view from, std::string_view targets) {
    if (from.size() != 2) return true;
    int square = (from[1] - '1') * 8 + (from[0] - 'a');
    bool pawn = square >= 0 && square < 64 && (board[square] == 'P' || board[square] == 'p');
    load_scan::for_each_element(targets, [&](std::string_view raw) {
      std::string_view to = load_scan::string_value(raw);
      if (to.size() != 2) return;
      std::string move;
      move.reserve(5);
      move.append(from).append(to);
      if (pawn && (move[3] == '1' || move[3] == '8')) move += 'q';
      moves.push_back(std::move(move));
    });
    return true;
  });
  return moves;
}

LoadClient::LoadClient(LoadShared& shared, std::string game, std::string token, bool white, bool counted)
    : shared_(shared),
      tick_(shared.ioc),
      retry_(shared.ioc),
      game_(std::move(game)),
      token_(std::move(token)),
      white_(white),
      counted_(counted) {}

void LoadClient::connect_from(const asio::ip::address_v4& source, std::function<void()> done) {
  done_ = std::move(done);
  source_ = source;
  open_socket();
}

// A fresh socket from the client's own address to the same URL, then `hello` with its seat token.
void LoadClient::open_socket() {
  const uint64_t socket = ++socket_;
  ws_ = std::make_shared<Socket>(shared_.ioc);
  queue_.clear();
  writing_ = false;
  buffer_.clear();
  beast::error_code ec;
  tcp::socket& raw = beast::get_lowest_layer(*ws_).socket();
  raw.open(tcp::v4(), ec);
  if (!ec) raw.bind(tcp::endpoint(source_, 0), ec);
  if (ec) return connect_failed();
  beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(ready_ ? 10 : 30));
  auto ws = ws_;
  beast::get_lowest_layer(*ws).async_connect(
      shared_.endpoint, [self = shared_from_this(), ws, socket](beast::error_code ec) {
        if (socket != self->socket_) return;
        if (ec) return self->connect_failed();
        beast::error_code ignored;
        beast::get_lowest_layer(*ws).socket().set_option(tcp::no_delay(true), ignored);
        const std::string host = self->shared_.options.host + ":" + std::to_string(self->shared_.options.port);
        ws->async_handshake(host, "/ws/" + self->game_, [self, ws, socket](beast::error_code ec) {
          if (socket != self->socket_) return;
          if (ec) return self->connect_failed();
          beast::get_lowest_layer(*ws).expires_never();
          self->open_ = true;
          self->read();
          if (self->shared_.options.echo) return self->ready();
          std::string hello = R"({"t":"hello","v":1,"seats":[")";
          hello += self->token_;
          hello += R"("]})";
          self->send(std::move(hello));
          if (!self->down_since_) return;
          // A reconnection: a socket whose state does not come (a relay to a dead owner) is closed and tried again.
          self->retry_.expires_after(seconds(self->shared_.options.state_timeout_s));
          self->retry_.async_wait([self, ws, socket](beast::error_code ec) {
            if (ec || socket != self->socket_ || !self->down_since_) return;
            beast::error_code ignored;
            beast::get_lowest_layer(*ws).socket().close(ignored);  // the pending read fails: closed()
          });
        });
      });
}

void LoadClient::connect_failed() {
  if (down_since_) return try_again();
  shared_.failed.fetch_add(1);
  if (done_) std::exchange(done_, nullptr)();
}

void LoadClient::ready() {
  if (ready_) return;
  ready_ = true;
  shared_.ready.fetch_add(1);
  if (done_) std::exchange(done_, nullptr)();
}

void LoadClient::start_ticks(Clock::time_point first) {
  next_tick_ = first;
  schedule();
}

void LoadClient::settle() {
  if (down_since_) give_up();
  if (in_flight_) expire_move();
}

// No working socket after the bounded tries (or at the end of the run): the client stays away.
void LoadClient::give_up() {
  ++shared_.report.reconnects_failed;
  back_up();
  if (in_flight_) {
    in_flight_ = false;
    shared_.in_flight.fetch_sub(1);
    if (measured_) ++shared_.report.unanswered_at_disconnect;
  }
  tick_.cancel();
}

// The end of a time without a working socket.
void LoadClient::back_up() {
  shared_.report.outages_ms.push_back(ms_since(*down_since_));
  down_since_.reset();
  shared_.down.fetch_sub(1);
  retry_.cancel();
}

void LoadClient::stop() {
  stopping_ = true;
  tick_.cancel();
  retry_.cancel();
  if (open_) {
    open_ = false;
    ws_->async_close(websocket::close_code::normal, [self = shared_from_this(), ws = ws_](beast::error_code) {});
  }
}

void LoadClient::read() {
  ws_->async_read(buffer_, [self = shared_from_this(), socket = socket_](beast::error_code ec, std::size_t) {
    if (socket != self->socket_) return;
    if (ec) return self->closed();
    const auto data = self->buffer_.data();  // a flat buffer: one piece, read in place
    self->on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
    self->buffer_.consume(self->buffer_.size());
    self->read();
  });
}

// The socket closed under the client: without --reconnect it stays closed (a disconnect); with it the client
// comes back, keeping its move in flight until the state tells whether it landed.
void LoadClient::closed() {
  const bool was_open = open_;
  open_ = false;
  if (was_open && !down_since_) ++shared_.report.disconnects;
  if (!ready_) return connect_failed();
  if (stopping_ || over_ || !shared_.options.reconnect || shared_.options.echo) {
    tick_.cancel();
    return;
  }
  if (!down_since_) {
    down_since_ = Clock::now();
    shared_.down.fetch_add(1);
    attempts_ = 0;
  }
  try_again();
}

void LoadClient::try_again() {
  if (stopping_) return;
  if (attempts_ >= shared_.options.reconnect_tries) return give_up();
  std::uniform_real_distribution<double> jitter(0, 1);
  retry_.expires_after(std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double, std::milli>(reconnect_pause_ms(attempts_++, jitter(shared_.random)))));
  retry_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->stopping_) return;
    self->open_socket();
  });
}

void LoadClient::send(std::string text) {
  queue_.push_back(std::move(text));
  if (!writing_) write_next();
}

void LoadClient::write_next() {
  writing_ = true;
  auto text = std::make_shared<std::string>(std::move(queue_.front()));
  queue_.pop_front();
  ws_->text(true);
  ws_->async_write(asio::buffer(*text),
                   [self = shared_from_this(), ws = ws_, text, socket = socket_](beast::error_code ec, std::size_t) {
                     if (socket != self->socket_) return;
                     self->writing_ = false;
                     if (!ec && !self->queue_.empty()) self->write_next();
                   });
}

void LoadClient::schedule() {
  tick_.expires_at(next_tick_);
  tick_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || !self->shared_.moving) return;
    self->on_tick();
    self->next_tick_ += seconds(self->shared_.options.interval_s);
    self->schedule();
  });
}

void LoadClient::on_tick() {
  if (!open_ || over_ || down_since_) return;  // without a working socket the turn waits
  if (in_flight_) {
    // With --reconnect an unanswered move waits: the socket's close and the state after it settle it.
    const bool late = Clock::now() - sent_at_ > seconds(shared_.options.move_timeout_s);
    if (late && !shared_.options.reconnect) expire_move();
    if (in_flight_) {
      if (counted_) ++shared_.report.skipped_ticks;
      return;
    }
  }
  if (!shared_.options.echo && (!my_turn_ || moves_.empty())) {
    if (counted_) ++shared_.report.skipped_ticks;
    return;
  }
  std::string uci = "e2e4";
  if (!shared_.options.echo) {
    std::uniform_int_distribution<std::size_t> pick(0, moves_.size() - 1);
    uci = moves_[pick(shared_.random)];
  }
  ++req_;
  in_flight_ = true;
  shared_.in_flight.fetch_add(1);
  sent_ply_ = ply_;
  sent_uci_ = uci;
  measured_ = shared_.measuring && counted_;
  sent_at_ = Clock::now();
  if (measured_) ++shared_.report.moves_sent;
  send(R"({"t":"move","req":)" + std::to_string(req_) + R"(,"uci":")" + uci + R"(","ply":)" + std::to_string(ply_) +
       "}");
}

void LoadClient::answered() {
  if (!in_flight_) return;
  in_flight_ = false;
  shared_.in_flight.fetch_sub(1);
  if (!shared_.options.echo) known_.acknowledged.push_back(sent_ply_ + 1);
  if (!measured_) return;
  ++shared_.report.moves_answered;
  shared_.report.round_trips_ms.push_back(ms_since(sent_at_));
}

void LoadClient::refused() {
  if (!in_flight_) return;
  in_flight_ = false;
  shared_.in_flight.fetch_sub(1);
}

void LoadClient::expire_move() {
  in_flight_ = false;
  shared_.in_flight.fetch_sub(1);
  if (measured_) ++shared_.report.lost_moves;
}

// Read with load_scan (no document built): only the members the client needs.
void LoadClient::on_message(std::string_view text) {
  if (shared_.options.echo) {
    // The echo of our own move message.
    if (in_flight_ && text.find(R"("req":)" + std::to_string(req_) + ",") != std::string::npos) answered();
    return;
  }
  std::string_view type, body, code;
  int64_t req = -1, n = 0, seq = -1;
  const bool readable = load_scan::for_each_member(text, [&](std::string_view key, std::string_view value) {
    if (key == "t") type = load_scan::string_value(value);
    else if (key == "e" || key == "game") body = value;
    else if (key == "code") code = load_scan::string_value(value);
    else if (key == "req") req = load_scan::int_value(value).value_or(-1);
    else if (key == "n") n = load_scan::int_value(value).value_or(0);
    else if (key == "seq") seq = load_scan::int_value(value).value_or(-1);
    return true;
  });
  if (!readable || type.empty() || ((type == "state" || type == "event") && body.empty())) {
    ++shared_.report.errors["unparsable_message"];
    return;
  }
  if (type == "state") {
    if (seq >= 0) seq_ = seq;
    Fields g = fields(body);
    on_state(g, move_list(g.moves));
  } else if (type == "event") {
    // An event the last state already included can still come (over a relay's bus): skipped, as the web app does.
    if (seq >= 0 && seq <= seq_) return;
    if (seq >= 0) seq_ = seq;
    Fields e = fields(body);
    if (e.type == "move") {
      on_move(e, req);
    } else if (e.type == "end") {
      if (!over_ && white_) ++shared_.report.games_ended;
      over_ = true;
    }
  } else if (type == "error") {
    ++shared_.report.errors[std::string(code)];
    if (req == req_) refused();
  } else if (type == "ping") {
    send(R"({"t":"pong","n":)" + std::to_string(n) + "}");
  }
}

// The first state, or the one after a reconnection: the game must still have every move the client knew of; its
// move in flight is settled from it.
void LoadClient::on_state(const Fields& game, std::vector<std::string> moves) {
  if (down_since_) {
    const MoveListCheck check = check_move_list(known_, moves);
    shared_.report.acknowledged_missing += static_cast<uint64_t>(check.acknowledged_missing);
    shared_.report.announced_missing += static_cast<uint64_t>(check.announced_missing);
    ++shared_.report.reconnects;
    back_up();
    if (in_flight_) {
      if (move_landed(sent_ply_, sent_uci_, moves)) {
        in_flight_ = false;
        shared_.in_flight.fetch_sub(1);
        known_.acknowledged.push_back(sent_ply_ + 1);
        if (measured_) ++shared_.report.answered_late;
      } else {
        in_flight_ = false;
        shared_.in_flight.fetch_sub(1);
        if (measured_) ++shared_.report.unanswered_at_disconnect;
      }
    }
  }
  known_.moves = std::move(moves);
  ply_ = static_cast<int>(known_.moves.size());
  update(game);
  over_ = game.status == "over";
  if (in_flight_ && ply_ > sent_ply_) answered();
  ready();
}

void LoadClient::on_move(const Fields& e, int64_t req) {
  ply_ = e.ply.value_or(ply_ + 1);
  if (static_cast<std::size_t>(ply_) == known_.moves.size() + 1) known_.moves.emplace_back(e.uci);
  const bool mine = in_flight_ && (req == req_ || ply_ == sent_ply_ + 1);
  update(e);
  if (mine) answered();
}

LoadClient::Fields LoadClient::fields(std::string_view object) {
  Fields f;
  load_scan::for_each_member(object, [&f](std::string_view key, std::string_view value) {
    if (key == "type") f.type = load_scan::string_value(value);
    else if (key == "fen") f.fen = load_scan::string_value(value);
    else if (key == "turn") f.turn = load_scan::string_value(value);
    else if (key == "status") f.status = load_scan::string_value(value);
    else if (key == "legal") f.legal = value;
    else if (key == "uci") f.uci = load_scan::string_value(value);
    else if (key == "ply") f.ply = static_cast<int>(load_scan::int_value(value).value_or(0));
    else if (key == "moves") f.moves = value;
    return true;
  });
  return f;
}

// The side to move and its legal moves, from a `game` object or a `move` event.
void LoadClient::update(const Fields& o) {
  my_turn_ = o.turn == (white_ ? "white" : "black");
  moves_ = my_turn_ ? legal_moves(o.legal, o.fen) : std::vector<std::string>{};
}

}  // namespace tabiya::loadtest

// A small Result<T> (std::expected is C++23-only with this toolchain).
// Libraries return Result for anything that can fail on user input; the
// error carries a message that names the input and the place in it.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace tabiya {

struct Error {
  std::string message;
};

template <class T, class E = Error>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Result(E error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { assert(ok()); return std::get<0>(v_); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const E& error() const { assert(!ok()); return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

// Shorthand for returning an error: `return fail("FEN: ...");`
inline Error fail(std::string message) { return Error{std::move(message)}; }

}  // namespace tabiya

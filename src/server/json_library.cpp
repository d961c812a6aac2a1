// Boost.JSON's compiled part, header-only style: exactly one source of the
// program includes src.hpp (a second one would define its symbols twice).
#include <boost/json/src.hpp>

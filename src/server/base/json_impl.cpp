// Boost.JSON is used header-only: its implementation is compiled here, once
// for the whole program; every other file includes <boost/json.hpp>.
#include <boost/json/src.hpp>

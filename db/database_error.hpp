// The database error a user can fix by naming another file: missing, not SQLite, too new, unwritable.
#pragma once

#include "gemmtune/error.hpp"

namespace gemmtune::db {

// Thrown before anything is written, so the file is unchanged. The CLI exits with code 2 for it
// (bad input), and with 1 for any other DatabaseError (a failure while working).
class DatabaseFileError : public DatabaseError {
 public:
  using DatabaseError::DatabaseError;
};

}  // namespace gemmtune::db

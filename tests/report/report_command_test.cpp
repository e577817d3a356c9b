// `gemmtune report` as a process: the page written from a database and bench files, and bad input
// refused with one line and exit code 2, writing nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;
using db::testing::read_bytes;
using db::testing::write_bytes;

class ReportCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    db::Database database(database_path, db::Database::Mode::ReadWrite);
    auto device = db::testing::sample_device("GPU <script>alert(1)</script>");
    const auto device_id = database.device_id(device);
    const auto kernel = database.kernel_id("xgemm", "0123456789abcdef");
    const auto problem = database.problem_id(db::testing::sample_problem());
    db::SessionRecord session;
    session.strategy = "random";
    const auto session_id = database.begin_session(session, device_id, kernel);
    for (int i = 1; i <= 3; ++i)
      database.record(session_id, device_id, kernel, problem, db::testing::sample_evaluation(8 * i, 8, 0.001 * i));
    database.record(session_id, device_id, kernel, problem, db::testing::sample_evaluation(64, 64, 0, "compile_error"));
    write_bytes(bench_path, R"({"device": {"name": "GPU"}, "results": [
      {"m": 64, "n": 64, "k": 64, "trans": "NN", "peer": "gemmtune", "seconds": 0.001, "tflops": 0.0005, "ok": true,
       "config_source": "nearest"},
      {"m": 64, "n": 64, "k": 64, "trans": "NN", "peer": "cublas", "seconds": 0.002, "tflops": 0.0002, "ok": true}]})");
  }

  // Exit code 2, one line on standard error naming `fragment`, and the page as it was (or none).
  void expect_refused(const std::string& arguments, const std::string& fragment) {
    const bool existed = fs::exists(page_path);
    const std::string before = existed ? read_bytes(page_path) : "";
    const auto result = run_gemmtune("report " + arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments << '\n' << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << arguments << '\n' << result.err;
    EXPECT_NE(result.err.find(fragment), std::string::npos) << arguments << '\n' << result.err;
    EXPECT_EQ(fs::exists(page_path), existed) << arguments;
    if (existed) {
      EXPECT_EQ(read_bytes(page_path), before) << arguments;
    }
  }

  db::testing::TemporaryDirectory directory;
  fs::path database_path = directory / "t.db";
  fs::path bench_path = directory / "bench.json";
  fs::path page_path = directory / "report.html";
};

TEST_F(ReportCommand, WritesOnePageWithTheDataEscaped) {
  const auto result = run_gemmtune("report --db " + quoted(database_path) + " --bench " + quoted(bench_path) +
                                   " --out " + quoted(page_path));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("1 problems, 4 evaluations, 1 bench files"), std::string::npos) << result.err;
  const std::string page = read_bytes(page_path);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find(R"("device":"GPU \u003cscript\u003ealert(1)\u003c/script\u003e")"), std::string::npos);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find(R"("statuses":["compile_error"])"), std::string::npos);
  EXPECT_NE(page.find(R"("ratio":2)"), std::string::npos);
  EXPECT_NE(page.find(R"("kind":"predicted")"), std::string::npos);

  // An existing page is replaced only with --force.
  expect_refused("--db " + quoted(database_path) + " --out " + quoted(page_path), "exists");
}

TEST_F(ReportCommand, RefusesBadInputInOneLine) {
  expect_refused("--db " + quoted(database_path), "--out");
  expect_refused("--db " + quoted(directory / "missing.db") + " --out " + quoted(page_path), "missing.db");
  expect_refused("--db " + quoted(database_path) + " --bench " + quoted(directory / "missing.json") + " --out " +
                     quoted(page_path),
                 "missing.json");
  write_bytes(directory / "bad.json", "{\"results\": [{\"m\": -1}]}");
  expect_refused("--db " + quoted(database_path) + " --bench " + quoted(directory / "bad.json") + " --out " +
                     quoted(page_path),
                 "bad.json: result 0: m: -1 is not at least 1");
  expect_refused("--db " + quoted(bench_path) + " --out " + quoted(page_path), "bench.json");  // not a database
  expect_refused("--db " + quoted(database_path) + " --out " + quoted(directory / "no" / "such" / "r.html"), "r.html");
  expect_refused("--db " + quoted(database_path) + " --out " + quoted(database_path), "t.db");  // its own input
  expect_refused("--db " + quoted(database_path) + " --bench " + quoted(bench_path) + " --out " + quoted(bench_path) +
                     " --force",
                 "bench.json");
}

TEST_F(ReportCommand, UnreadableBenchFileOrUnwritablePageIsRefused) {
  fs::create_directory(directory / "folder.json");
  expect_refused("--db " + quoted(database_path) + " --bench " + quoted(directory / "folder.json") + " --out " +
                     quoted(page_path),
                 "folder.json");
  // Beyond 64 MiB a bench file is not read at all (a sparse file: nothing on disk).
  fs::resize_file(bench_path, (std::uintmax_t{64} << 20) + 1);
  expect_refused("--db " + quoted(database_path) + " --bench " + quoted(bench_path) + " --out " + quoted(page_path),
                 "bench.json: larger than 64 MiB");
  // A page under a regular file: its directory can never be written.
  expect_refused("--db " + quoted(database_path) + " --out " + quoted(bench_path / "r.html"), "r.html");
}

}  // namespace
}  // namespace gemmtune::testing

// Problem files and random problem sets: what `bench` and `tune` read, and the classes they report.
#include "tuner/problem_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gemmtune::cli {
namespace {

std::filesystem::path write_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::path(testing::TempDir()) / name;
  std::ofstream(path) << text;
  return path;
}

TEST(ProblemFile, ReadsProblemsCommentsAndTranspositions) {
  const auto file = write_file("problems.txt", "# real shapes\n1760 16 1760 NT\n\n35,8457,2048\t# NN\n512\t16\t500000 TT\n");
  const auto problems = read_problem_file(file);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(format_problem(problems[0]), "1760x16x1760 NT");
  EXPECT_EQ(format_problem(problems[1]), "35x8457x2048 NN");
  EXPECT_EQ(format_problem(problems[2]), "512x16x500000 TT");
}

TEST(ProblemFile, NamesTheFileAndLineOfABadLine) {
  const auto file = write_file("bad.txt", "64 64 64\n64 0 64\n");
  try {
    read_problem_file(file);
    FAIL() << "a zero size was accepted";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("bad.txt:2: "), std::string::npos) << error.what();
  }
  EXPECT_THROW(read_problem_file(write_file("few.txt", "64 64\n")), UsageError);
  EXPECT_THROW(read_problem_file(write_file("trans.txt", "64 64 64 NX\n")), UsageError);
  EXPECT_THROW(read_problem_file(write_file("empty.txt", "# nothing\n")), UsageError);
  EXPECT_THROW(read_problem_file(write_file("missing-dir/none.txt", "")), InvalidArgument);
}

TEST(ProblemFile, WrittenIsReadBackWithTheHeaderAndClassesAsComments) {
  const std::vector<Problem> problems{{{1760, 16, 1760}, Transpose::No, Transpose::Yes},
                                      {{4096, 4096, 4096}, Transpose::Yes, Transpose::Yes}};
  std::ostringstream text;
  write_problem_file(text, problems, "some problems\nM N K TRANS");
  EXPECT_EQ(text.str(),
            "# some problems\n# M N K TRANS\n# 2 problems\n1760 16 1760 NT  # skinny\n4096 4096 4096 TT  # square\n");
  const auto read = read_problem_file(write_file("written.txt", text.str()));
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(format_problem(read[0]), "1760x16x1760 NT");
  EXPECT_EQ(format_problem(read[1]), "4096x4096x4096 TT");
}

TEST(RandomProblems, AreTheSameForTheSameSeedAndStayInBounds) {
  const auto first = random_problems(200, 7, 4096, 100000, std::size_t{1} << 24);
  const auto again = random_problems(200, 7, 4096, 100000, std::size_t{1} << 24);
  ASSERT_EQ(first.size(), 200u);
  int transposed_a = 0, deep = 0;
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(format_problem(first[i]), format_problem(again[i]));
    const auto [m, n, k] = first[i].size;
    EXPECT_TRUE(m >= 1 && m <= 4096 && n >= 1 && n <= 4096 && k >= 1 && k <= 100000) << format_problem(first[i]);
    EXPECT_LE(m * k, std::size_t{1} << 24);
    EXPECT_LE(k * n, std::size_t{1} << 24);
    transposed_a += first[i].trans_a == Transpose::Yes;
    deep += k > 4096;
  }
  // Every transposition and the deep range are drawn, not only the first values.
  EXPECT_GT(transposed_a, 50);
  EXPECT_GT(deep, 5);
  EXPECT_NE(format_problem(random_problems(1, 8, 4096, 100000, 1u << 24)[0]), format_problem(first[0]));
}

TEST(ProblemClass, SortsTheShapesBenchmarksSummariseBy) {
  EXPECT_EQ(problem_class({4096, 4096, 4096}), "square");
  EXPECT_EQ(problem_class({1000, 1000, 1000}), "square");
  EXPECT_EQ(problem_class({1, 4096, 4096}), "gemv");
  EXPECT_EQ(problem_class({512, 16, 500000}), "deep-k");
  EXPECT_EQ(problem_class({1536, 1536, 12288}), "deep-k");
  EXPECT_EQ(problem_class({1536, 1536, 8192}), "other");
  EXPECT_EQ(problem_class({35, 8457, 2048}), "skinny");
  EXPECT_EQ(problem_class({8192, 64, 8192}), "skinny");
  EXPECT_EQ(problem_class({4096, 4096, 256}), "other");
}

TEST(ProblemClass, EveryClassGivenIsListedInOrder) {
  EXPECT_EQ(problem_classes(), (std::vector<std::string>{"gemv", "deep-k", "skinny", "square", "other"}));
  for (const auto& problem : random_problems(500, 3, 8192, 500000, std::size_t{1} << 28)) {
    const std::string name = problem_class(problem.size);
    EXPECT_NE(std::find(problem_classes().begin(), problem_classes().end(), name), problem_classes().end()) << name;
  }
}

}  // namespace
}  // namespace gemmtune::cli

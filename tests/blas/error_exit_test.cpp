// The reference's error exits: bad arguments reported to the program's own xerbla_ and cblas_xerbla
// with the reference's routine names and parameter numbers, and C left alone.
#include <cblas.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

extern "C" {
void sgemm_(const char*, const char*, const int*, const int*, const int*, const float*, const float*, const int*,
            const float*, const int*, const float*, float*, const int*, std::size_t, std::size_t);
void dgemm_(const char*, const char*, const int*, const int*, const int*, const double*, const double*, const int*,
            const double*, const int*, const double*, double*, const int*, std::size_t, std::size_t);
extern int RowMajorStrg;  // reference CBLAS's flag, which its cblas_xerbla reads
}

namespace {

struct Report {
  std::string routine;
  int info = 0;
  bool row_major = false;
};
std::vector<Report> reports;

}  // namespace

// The program's handlers, exported (ENABLE_EXPORTS) so that the library's calls bind to them.
extern "C" void xerbla_(const char* routine, const int* info, std::size_t length) {
  reports.push_back({std::string(routine, length), *info, false});
}

extern "C" void cblas_xerbla(blasint info, char* routine, char*, ...) {  // as cblas.h declares it
  reports.push_back({routine, info, RowMajorStrg != 0});
}

namespace {

// The parameter a cblas_xerbla report names, mapped back as reference CBLAS's handler maps it.
int cblas_parameter(const Report& r) {
  if (!r.row_major) return r.info;
  if (r.info == 4 || r.info == 5) return 9 - r.info;
  if (r.info == 9 || r.info == 11) return 20 - r.info;
  return r.info;
}

class ErrorExit : public testing::Test {
 protected:
  void SetUp() override { reports.clear(); }
};

// The reference xGEMM's checks, in its order: each call breaks one argument (and those after it).
TEST_F(ErrorExit, FortranGemmReportsTheReferenceParameterNumbers) {
  struct Bad {
    const char *ta, *tb;
    int m, n, k, lda, ldb, ldc, expected;
  };
  const Bad calls[] = {{"/", "N", 0, 0, 0, 1, 1, 1, 1},  {"N", "/", 0, 0, 0, 1, 1, 1, 2},
                       {"N", "N", -1, 0, 0, 1, 1, 1, 3}, {"N", "N", 0, -1, 0, 1, 1, 1, 4},
                       {"N", "N", 0, 0, -1, 1, 1, 1, 5}, {"N", "N", 2, 0, 0, 1, 1, 2, 8},
                       {"T", "N", 0, 0, 2, 1, 1, 1, 8},  {"N", "N", 0, 0, 2, 1, 1, 1, 10},
                       {"N", "t", 0, 2, 0, 1, 1, 1, 10}, {"N", "N", 2, 0, 0, 2, 1, 1, 13}};
  float c = 7.0f, one = 1.0f;
  double dc = 7.0, done = 1.0;
  for (const Bad& bad : calls) {
    reports.clear();
    sgemm_(bad.ta, bad.tb, &bad.m, &bad.n, &bad.k, &one, &one, &bad.lda, &one, &bad.ldb, &one, &c, &bad.ldc, 1, 1);
    dgemm_(bad.ta, bad.tb, &bad.m, &bad.n, &bad.k, &done, &done, &bad.lda, &done, &bad.ldb, &done, &dc, &bad.ldc, 1, 1);
    ASSERT_EQ(reports.size(), 2u) << "expected parameter " << bad.expected;
    EXPECT_EQ(reports[0].routine, "SGEMM ");
    EXPECT_EQ(reports[1].routine, "DGEMM ");
    EXPECT_EQ(reports[0].info, bad.expected);
    EXPECT_EQ(reports[1].info, bad.expected);
  }
  EXPECT_EQ(c, 7.0f);
  EXPECT_EQ(dc, 7.0);
}

// CBLAS numbers: order 1, TransA 2, TransB 3, M 4, N 5, K 6, lda 9, ldb 11, ldc 14, in both layouts.
TEST_F(ErrorExit, CblasGemmReportsTheCblasParameterNumbers) {
  struct Bad {
    int order, ta, tb, m, n, k, lda, ldb, ldc, expected;
  };
  const int row = CblasRowMajor, col = CblasColMajor, no = CblasNoTrans;
  const Bad calls[] = {{0, no, no, 0, 0, 0, 1, 1, 1, 1},
                       {row, 0, no, 0, 0, 0, 1, 1, 1, 2},    {col, 0, no, 0, 0, 0, 1, 1, 1, 2},
                       {row, no, 0, 0, 0, 0, 1, 1, 1, 3},    {col, no, 0, 0, 0, 0, 1, 1, 1, 3},
                       {row, no, no, -1, 0, 0, 1, 1, 1, 4},  {col, no, no, -1, 0, 0, 1, 1, 1, 4},
                       {row, no, no, 0, -1, 0, 1, 1, 1, 5},  {col, no, no, 0, -1, 0, 1, 1, 1, 5},
                       {row, no, no, 0, 0, -1, 1, 1, 1, 6},  {col, no, no, 0, 0, -1, 1, 1, 1, 6},
                       {row, no, no, 0, 0, 2, 1, 1, 1, 9},   {col, no, no, 2, 0, 0, 1, 1, 2, 9},
                       {row, no, no, 0, 2, 0, 1, 1, 2, 11},  {col, no, no, 0, 0, 2, 1, 1, 1, 11},
                       {row, no, no, 0, 2, 0, 1, 2, 1, 14},  {col, no, no, 2, 0, 0, 2, 1, 1, 14}};
  float c = 7.0f;
  for (const Bad& bad : calls) {
    reports.clear();
    cblas_sgemm(static_cast<CBLAS_ORDER>(bad.order), static_cast<CBLAS_TRANSPOSE>(bad.ta),
                static_cast<CBLAS_TRANSPOSE>(bad.tb), bad.m, bad.n, bad.k, 1.0f, &c, bad.lda, &c, bad.ldb, 1.0f, &c,
                bad.ldc);
    ASSERT_EQ(reports.size(), 1u) << "expected parameter " << bad.expected;
    EXPECT_EQ(reports[0].routine, "cblas_sgemm");
    EXPECT_EQ(cblas_parameter(reports[0]), bad.expected) << "order " << bad.order;
  }
  EXPECT_EQ(RowMajorStrg, 0);  // reset after each report, as reference CBLAS does
  EXPECT_EQ(c, 7.0f);
}

// The reference's quick returns: nothing is read or written when there is nothing to do.
TEST_F(ErrorExit, QuickReturnsTouchNothing) {
  const int zero = 0, two = 2, one_i = 1;
  const float one = 1.0f, zero_f = 0.0f;
  float c[4] = {1, 2, 3, 4};
  // A and B null: reading them would crash.
  sgemm_("N", "N", &two, &two, &zero, &one, nullptr, &two, nullptr, &one_i, &one, c, &two, 1, 1);
  sgemm_("N", "N", &two, &two, &two, &zero_f, nullptr, &two, nullptr, &two, &one, c, &two, 1, 1);
  sgemm_("N", "N", &zero, &two, &two, &one, nullptr, &one_i, nullptr, &two, &zero_f, nullptr, &one_i, 1, 1);
  EXPECT_TRUE(reports.empty());
  EXPECT_EQ(c[0], 1);
  EXPECT_EQ(c[3], 4);
}

}  // namespace

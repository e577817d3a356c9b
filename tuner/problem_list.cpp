// Problems given as a list: a problem file, a random draw, and the classes benchmarks summarise by.
#include "tuner/problem_list.hpp"

#include <algorithm>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <cmath>
#include <sstream>

#include "core/input_file.hpp"

namespace gemmtune::cli {
namespace {

std::vector<std::string> fields_of(std::string line) {
  std::replace(line.begin(), line.end(), ',', ' ');
  std::replace(line.begin(), line.end(), '\t', ' ');
  std::istringstream stream(line);
  std::vector<std::string> fields;
  for (std::string field; stream >> field;) fields.push_back(field);
  return fields;
}

// Log-uniform in [1, most], so that each decade is as likely as the next.
std::size_t log_uniform(boost::random::mt19937_64& generator, std::size_t most) {
  boost::random::uniform_real_distribution<double> exponent(0.0, std::log(static_cast<double>(most) + 1.0));
  const auto value = static_cast<std::size_t>(std::exp(exponent(generator)));
  return std::clamp<std::size_t>(value, 1, most);
}

}  // namespace

std::vector<Problem> read_problem_file(const std::filesystem::path& file) {
  const std::string text = read_input_file(file, problem_file_limit, "problem file");
  std::vector<Problem> problems;
  std::istringstream lines(text);
  std::size_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (const auto comment = line.find('#'); comment != std::string::npos) line.erase(comment);
    const std::vector<std::string> fields = fields_of(line);
    if (fields.empty()) continue;
    const std::string where = file.string() + ":" + std::to_string(number) + ": ";
    if (fields.size() != 3 && fields.size() != 4)
      throw UsageError(where + "expected M N K and optionally NN, NT, TN or TT, not '" + line + "'");
    try {
      Problem problem;
      problem.size = parse_size(fields[0] + 'x' + fields[1] + 'x' + fields[2]);
      if (fields.size() == 4) std::tie(problem.trans_a, problem.trans_b) = parse_trans(fields[3]);
      problems.push_back(problem);
    } catch (const UsageError& error) {
      throw UsageError(where + error.what());
    }
  }
  if (problems.empty()) throw UsageError(file.string() + ": no problems in the problem file");
  return problems;
}

std::vector<Problem> random_problems(std::size_t count, std::uint64_t seed, std::size_t largest, std::size_t deepest,
                                     std::size_t most_elements) {
  boost::random::mt19937_64 generator(seed);
  boost::random::uniform_int_distribution<int> coin(0, 1);
  std::vector<Problem> problems;
  while (problems.size() < count) {
    Problem problem;
    problem.size = {log_uniform(generator, largest), log_uniform(generator, largest), log_uniform(generator, deepest)};
    problem.trans_a = coin(generator) ? Transpose::Yes : Transpose::No;
    problem.trans_b = coin(generator) ? Transpose::Yes : Transpose::No;
    const auto [m, n, k] = problem.size;
    if (m * k > most_elements || k * n > most_elements || m * n > most_elements) continue;
    problems.push_back(problem);
  }
  return problems;
}

std::string problem_class(const Size& size) {
  const std::size_t narrow = std::min(size.m, size.n), wide = std::max(size.m, size.n);
  if (narrow <= 4) return "gemv";
  if (size.k >= 8 * wide) return "deep-k";
  if (narrow <= 128 || wide >= 8 * narrow) return "skinny";
  const std::size_t least = std::min(narrow, size.k), most = std::max(wide, size.k);
  if (most <= 4 * least) return "square";
  return "other";
}

const std::vector<std::string>& problem_classes() {
  static const std::vector<std::string> names{"gemv", "deep-k", "skinny", "square", "other"};
  return names;
}

std::string format_problem(const Problem& problem) {
  return format_size(problem.size) + ' ' + transpose_code(problem.trans_a, problem.trans_b);
}

void write_problem_file(std::ostream& out, const std::vector<Problem>& problems, const std::string& header) {
  std::istringstream lines(header);
  for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
  out << "# " << problems.size() << (problems.size() == 1 ? " problem\n" : " problems\n");
  for (const Problem& p : problems)
    out << p.size.m << ' ' << p.size.n << ' ' << p.size.k << ' ' << transpose_code(p.trans_a, p.trans_b) << "  # "
        << problem_class(p.size) << '\n';
}

}  // namespace gemmtune::cli

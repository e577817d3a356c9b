// Random search: uniform among valid configurations, without replacement.
#include "search/strategy_factories.hpp"

#include <unordered_map>

#include "search/indexed_strategy.hpp"

namespace gemmtune::search {
namespace {

// A lazy Fisher-Yates shuffle of the valid indices: only swapped positions are stored, so a short
// search of a huge space costs memory proportional to its length.
class RandomSearch final : public IndexedStrategy {
  std::unique_ptr<IndexedStrategy> copy() const override { return std::make_unique<RandomSearch>(*this); }

  void start() override {
    drawn_ = 0;
    swapped_.clear();
  }
  std::optional<std::uint64_t> propose() override {
    const std::uint64_t count = space().valid_count();
    if (drawn_ >= count) return std::nullopt;
    const std::uint64_t pick = drawn_ + uniform_below(count - drawn_);
    const std::uint64_t chosen = at(pick);
    swapped_[pick] = at(drawn_);
    ++drawn_;
    return chosen;
  }
  void learn(std::uint64_t, double) override {}

  std::uint64_t at(std::uint64_t position) const {
    const auto found = swapped_.find(position);
    return found == swapped_.end() ? position : found->second;
  }

  std::uint64_t drawn_ = 0;
  std::unordered_map<std::uint64_t, std::uint64_t> swapped_;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_random_search() { return std::make_unique<RandomSearch>(); }

}  // namespace gemmtune::search

// Grid search: every valid configuration once, in the space's deterministic index order.
#include "search/strategy_factories.hpp"

#include "search/indexed_strategy.hpp"

namespace gemmtune::search {
namespace {

class GridSearch final : public IndexedStrategy {
  void start() override { next_index_ = 0; }
  std::optional<std::uint64_t> propose() override {
    if (next_index_ >= space().valid_count()) return std::nullopt;
    return next_index_++;
  }
  void learn(std::uint64_t, double) override {}
  std::vector<std::uint64_t> likely_next(std::size_t most) const override {
    std::vector<std::uint64_t> indices;
    for (std::uint64_t i = next_index_; i < space().valid_count() && indices.size() < most; ++i) indices.push_back(i);
    return indices;
  }

  std::uint64_t next_index_ = 0;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_grid_search() { return std::make_unique<GridSearch>(); }

}  // namespace gemmtune::search

// Grid search: every valid configuration once, in the space's deterministic index order.
#include "search/strategy_factories.hpp"

#include "search/indexed_strategy.hpp"

namespace gemmtune::search {
namespace {

class GridSearch final : public IndexedStrategy {
  std::unique_ptr<IndexedStrategy> copy() const override { return std::make_unique<GridSearch>(*this); }

  void start() override { next_index_ = 0; }
  std::optional<std::uint64_t> propose() override {
    if (next_index_ >= space().valid_count()) return std::nullopt;
    return next_index_++;
  }
  void learn(std::uint64_t, double) override {}

  std::uint64_t next_index_ = 0;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_grid_search() { return std::make_unique<GridSearch>(); }

}  // namespace gemmtune::search

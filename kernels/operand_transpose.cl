// The dispatcher's transposition pre-pass: operand_pack's pack_operand, built on its own.
// includes: precision_storage, operand_pack
//
// Where a configuration measured under other transpositions is predicted fastest for a call even
// with the copies (ConfigChoice::runs_trans), the host transposes each operand whose transposition
// differs into a workspace with pack_operand (k_contiguous 0, no tiles, no padding rows), at the
// precision of the operand's storage (-DPRECISION of fp32, fp64, fp16 or bf16: a plain copy of
// each element), then runs the configuration as it was measured (dispatch/operand_transposition.hpp).

// The PTX pass of families built for an architecture the OpenCL compiler cannot target, on PTX that
// NVIDIA's OpenCL compiler emitted for xgemm_wgmma on the H200 (tests/data/ptx/).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dispatch/kernel_registry.hpp"
#include "dispatch/ptx_retarget.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::testing {
namespace {

std::string recorded_ptx() {
  std::ifstream stream(std::filesystem::path(GEMMTUNE_SOURCE_DIR) / "tests/data/ptx/xgemm_wgmma_sm90.ptx",
                       std::ios::binary);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

TEST(PtxRetarget, TheRecordedKernelBecomesSm90aWithEveryHiddenInstructionUncovered) {
  const std::string ptx = recorded_ptx();
  ASSERT_NE(ptx.find(".target sm_90, texmode_independent\n"), std::string::npos) << "the fixture is the driver's PTX";
  ASSERT_EQ(ptx.back(), '\0') << "as CL_PROGRAM_BINARIES gives it";
  const std::string retargeted = retarget_ptx(ptx, "sm_90a");

  EXPECT_NE(retargeted.find("\n.target sm_90a, texmode_independent\n"), std::string::npos);
  EXPECT_EQ(retargeted.find(".target sm_90,"), std::string::npos);
  EXPECT_EQ(retargeted.find(ptx_hidden_instruction_marker), std::string::npos);
  EXPECT_EQ(retargeted.find('\0'), std::string::npos);
  // BK = 64 and one 64 x 64 tile per warpgroup: four products per K tile, a fence, a commit and
  // the two waits, now instructions at the start of their lines with their operands substituted.
  EXPECT_EQ(count_of(retargeted, "\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f"), 4u);
  EXPECT_EQ(count_of(retargeted, "\nwgmma.fence.sync.aligned;"), 1u);
  EXPECT_EQ(count_of(retargeted, "\nwgmma.commit_group.sync.aligned;"), 1u);
  EXPECT_EQ(count_of(retargeted, "\nwgmma.wait_group.sync.aligned 1;"), 1u);
  EXPECT_EQ(count_of(retargeted, "\nwgmma.wait_group.sync.aligned 0;"), 1u);
  for (const std::string& line : lines_of(retargeted))
    if (line.rfind("wgmma.mma_async", 0) == 0) {
      EXPECT_EQ(line.find("%0"), std::string::npos) << "operands are the compiler's registers: " << line;
      EXPECT_NE(line.find("}, %rd"), std::string::npos) << line;
      EXPECT_NE(line.find(", p, 1, 1, 0, 1;"), std::string::npos) << "A K-major, B MN-major (NN): " << line;
    }

  // Every other line is kept as it was.
  std::vector<std::string> before = lines_of(ptx.substr(0, ptx.find('\0'))), after = lines_of(retargeted);
  ASSERT_EQ(before.size(), after.size());
  std::size_t changed = 0;
  for (std::size_t i = 0; i < before.size(); ++i) changed += before[i] != after[i];
  EXPECT_EQ(changed, 1u + 8u);  // the target and the eight hidden instructions
}

TEST(PtxRetarget, EveryFormOfTheTargetDirectiveIsRenamed) {
  const std::string body = ".address_size 64\n  // SM90A: wgmma.fence.sync.aligned;\n";
  const std::string uncovered = ".address_size 64\n  wgmma.fence.sync.aligned;\n";
  EXPECT_EQ(retarget_ptx(".version 8.0\n.target sm_90\n" + body, "sm_90a"),
            ".version 8.0\n.target sm_90a\n" + uncovered);
  EXPECT_EQ(retarget_ptx("\t.target\tsm_90\n" + body, "sm_90a"), "\t.target\tsm_90a\n" + uncovered);
  EXPECT_EQ(retarget_ptx(".target sm_90,debug\n" + body, "sm_90a"), ".target sm_90a,debug\n" + uncovered);
  EXPECT_EQ(retarget_ptx(".target sm_90\r\n// SM90A: wgmma.fence.sync.aligned;\r\n", "sm_90a"),
            ".target sm_90a\r\nwgmma.fence.sync.aligned;\r\n");
  // Only the first directive is the module's; a ".targets" word is no directive.
  EXPECT_EQ(retarget_ptx(".targets x\n.target sm_90\n" + body, "sm_90a"), ".targets x\n.target sm_90a\n" + uncovered);
}

// Only the marker goes: an instruction before it on the same line stays.
TEST(PtxRetarget, WhatPrecedesAMarkerStays) {
  EXPECT_EQ(retarget_ptx(".target sm_90\nmov.u32 %r1, 0; // SM90A: wgmma.fence.sync.aligned;\n", "sm_90a"),
            ".target sm_90a\nmov.u32 %r1, 0; wgmma.fence.sync.aligned;\n");
}

TEST(PtxRetarget, EveryMarkerOfALineIsTakenOut) {
  EXPECT_EQ(retarget_ptx(".target sm_90\n// SM90A: wgmma.fence.sync.aligned; // SM90A: wgmma.commit_group.sync.aligned;\n",
                         "sm_90a"),
            ".target sm_90a\nwgmma.fence.sync.aligned; wgmma.commit_group.sync.aligned;\n");
}

// Uncommenting a marker inside another comment would leave its instruction a comment: an
// instruction silently missing, so the pass refuses it.
TEST(PtxRetarget, AMarkerInsideAnotherCommentIsABuildError) {
  try {
    retarget_ptx(".target sm_90\nmov.u32 %r1, 0; // note // SM90A: wgmma.fence.sync.aligned;\n", "sm_90a");
    FAIL() << "a marker inside a comment accepted";
  } catch (const BuildError& error) {
    EXPECT_NE(std::string(error.what()).find("inside another comment"), std::string::npos) << error.what();
  }
}

// A driver that emits something else fails the build of that configuration in one line, the text
// kept as the error's log.
TEST(PtxRetarget, TextWithoutATargetOrWithoutMarkersIsABuildError) {
  try {
    retarget_ptx("ELF binary, not PTX // SM90A: wgmma.fence.sync.aligned;", "sm_90a");
    FAIL() << "no .target accepted";
  } catch (const BuildError& error) {
    EXPECT_NE(std::string(error.what()).find("no .target directive"), std::string::npos) << error.what();
    EXPECT_NE(error.log().find("ELF binary"), std::string::npos);
  }
  try {
    retarget_ptx(".target sm_90\nmov.u32 %r1, 0;\n", "sm_90a");
    FAIL() << "no marker accepted";
  } catch (const BuildError& error) {
    EXPECT_NE(std::string(error.what()).find("no instruction marked"), std::string::npos) << error.what();
  }
}

// A hidden instruction may name a by-value argument of its kernel (a tensor map in param space),
// which OpenCL C cannot: the pass writes the argument's PTX name, that of the kernel whose body
// holds the line, as NVIDIA's compiler names a kernel's parameters.
TEST(PtxRetarget, AHiddenInstructionNamesItsKernelsArgument) {
  const std::string ptx = std::string(".target sm_90\n.visible .entry first(\n.param .u32 first_param_0\n)\n{\n") +
                          "// SM90A: mov.b64 map, KERNEL_ARGUMENT_0;\n}\n.entry second$1(\n{\n" +
                          "\t// SM90A: mov.b64 map, KERNEL_ARGUMENT_15; cvta.param.u64 map, KERNEL_ARGUMENT_3;\n" +
                          "\tmov.u32 %r1, KERNEL_ARGUMENT_2;\n}\n";
  const std::string retargeted = retarget_ptx(ptx, "sm_90a");
  EXPECT_NE(retargeted.find("\nmov.b64 map, first_param_0;\n"), std::string::npos) << retargeted;
  EXPECT_NE(retargeted.find("\n\tmov.b64 map, second$1_param_15; cvta.param.u64 map, second$1_param_3;\n"),
            std::string::npos)
      << retargeted;
  // Only hidden instructions are written: the token elsewhere is left to ptxas to refuse.
  EXPECT_NE(retargeted.find("\tmov.u32 %r1, KERNEL_ARGUMENT_2;"), std::string::npos) << retargeted;

  // Outside a kernel (before any, or in a function's body after one), and without a number.
  for (const std::string bad : {".target sm_90\n// SM90A: mov.b64 map, KERNEL_ARGUMENT_1;\n",
                                ".target sm_90\n.entry k(\n)\n.func (.reg .b32 r) helper(\n// SM90A: mov.b64 map, KERNEL_ARGUMENT_1;\n",
                                ".target sm_90\n.entry k(\n// SM90A: mov.b64 map, KERNEL_ARGUMENT_;\n"}) {
    try {
      retarget_ptx(bad, "sm_90a");
      ADD_FAILURE() << "no build error for: " << bad;
    } catch (const BuildError& error) {
      EXPECT_NE(std::string(error.what()).find("cannot name the kernel argument"), std::string::npos) << error.what();
    }
  }
}

// setmaxnreg needs the registers a work-item has at launch (".maxnreg"), a directive between a
// kernel's parameters and its body, which OpenCL C cannot write: the kernel writes it in its body,
// once or as often as the compiler repeats the line, and the pass puts it once before that
// kernel's body, whose line stays a comment.
TEST(PtxRetarget, AnEntryDirectiveGoesBeforeTheBodyOfItsKernel) {
  const std::string ptx = std::string(".target sm_90\n.visible .entry first(\n.param .u32 first_param_0\n)\n") +
                          ".reqntid 384, 1, 1\n{\n\t// SM90A ENTRY: .maxnreg 168\n{\n// SM90A: setmaxnreg.inc.sync.aligned.u32 232;\n" +
                          "}\n\t// SM90A ENTRY: .maxnreg 168 \n}\n.entry second(\n)\n{\nmov.u32 %r1, 0;\n}\n";
  const std::string retargeted = retarget_ptx(ptx, "sm_90a");
  EXPECT_NE(retargeted.find(")\n.reqntid 384, 1, 1\n.maxnreg 168\n{\n\t// SM90A ENTRY: .maxnreg 168\n{\n"
                            "setmaxnreg.inc.sync.aligned.u32 232;\n"),
            std::string::npos)
      << retargeted;
  EXPECT_EQ(count_of(retargeted, "\n.maxnreg"), 1u) << "once, and not for the other kernel: " << retargeted;
  EXPECT_NE(retargeted.find(".entry second(\n)\n{\nmov.u32"), std::string::npos) << retargeted;

  // Outside a kernel's body: before any kernel, in its parameters, or in a function's body.
  for (const std::string bad : {".target sm_90\n// SM90A ENTRY: .maxnreg 168\n// SM90A: wgmma.fence.sync.aligned;\n",
                                ".target sm_90\n.entry k(\n// SM90A ENTRY: .maxnreg 168\n)\n{\n}\n",
                                ".target sm_90\n.entry k(\n)\n{\n}\n.func helper(\n)\n{\n// SM90A ENTRY: .maxnreg 168\n}\n"}) {
    try {
      retarget_ptx(bad, "sm_90a");
      ADD_FAILURE() << "no build error for: " << bad;
    } catch (const BuildError& error) {
      EXPECT_NE(std::string(error.what()).find("entry directive outside a kernel's body"), std::string::npos)
          << error.what();
    }
  }
}

// A family's description names the pass ("ptx_target"); the source it builds carries it.
TEST(PtxRetarget, AFamilyNamesItsTargetArchitecture) {
  EXPECT_EQ(kernel_family("xgemm_wgmma").source().ptx_target, "sm_90a");
  EXPECT_EQ(kernel_family("xgemm").source().ptx_target, "");
  const std::string head = R"({"family": "f", "summary": "s", "entry": "e", "precisions": ["fp16"],
    "transpositions": ["NN"], "parameters": [{"name": "P", "default": 1, "meaning": "m"}],
    "local": ["1"], "global": ["1"], "ptx_target": )";
  EXPECT_EQ(KernelFamily::from_json(head + R"("sm_90a"})", {"f", "", ""}, "f.json").source().ptx_target, "sm_90a");
  EXPECT_EQ(KernelFamily::from_json(head + R"(""})", {"f", "", ""}, "f.json").source().ptx_target, "");
  for (const std::string bad : {R"("90a")", R"("sm_90a; rm")", "90"})
    EXPECT_THROW(KernelFamily::from_json(head + bad + "}", {"f", "", ""}, "f.json"), ConfigError) << bad;
}

}  // namespace
}  // namespace gemmtune::testing

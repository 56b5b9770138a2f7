# lit configuration of the pass tests: test/Transforms, test/Analysis,
# test/Pipeline. Each .ll runs through lanes-opt and FileCheck; test/Driver
# (lit.local.cfg) compiles .cpp files with lanes++.
import os
import lit.formats

config.name = "Lanes"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.lanes_tools_dir, "..", "test")
config.excludes = ["Corpus", "Fuzz", "Integration"]

config.environment["PATH"] = os.pathsep.join(
    [config.lanes_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%lanes-opt", os.path.join(config.lanes_tools_dir, "lanes-opt")))

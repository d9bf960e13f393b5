"""The benchmark's native profiles (`bench.perf_profile`): how collapsed `perf` stacks are put
down to libraries, to what the dev server was doing, and to its services. `perf` itself is
exercised by `make bench --profile`; these read stacks written as `collapse` writes them."""

from __future__ import annotations

from pathlib import Path

from bench import perf_profile

_VISIBILITY = ("go.temporal.io/server/service/history/queues.(*executableImpl).Execute <temporal>;"
               "go.temporal.io/server/service/history.(*visibilityQueueTaskExecutor).Execute"
               " <temporal>")
_SQLITE = "modernc.org/sqlite/lib._sqlite3BtreeInsert <temporal>"


def _raw(tmp_path: Path, lines: list[str]) -> Path:
    raw = tmp_path / "profile.native.txt"
    raw.write_text("".join(f"{line}\n" for line in lines))
    return raw


def test_the_dev_server_is_put_down_to_what_it_did_and_the_service_it_ran_under(
        tmp_path: Path) -> None:
    raw = _raw(tmp_path, [
        # a write() under SQLite is SQLite's, though the kernel ran it
        f"runtime.goexit.abi0 <temporal>;{_VISIBILITY};{_SQLITE};"
        "syscall.Syscall6 <temporal>;"
        "[kernel] __x64_sys_pwrite64 <[kernel]> 6",
        "runtime.goexit.abi0 <temporal>;runtime.gcBgMarkWorker <temporal> 3",
        "go.temporal.io/server/service/frontend.(*WorkflowHandler).StartWorkflowExecution"
        " <temporal>;google.golang.org/grpc.(*Server).handleStream <temporal> 1",
    ])
    found = perf_profile.hottest(raw)
    assert found["samples"] == 10
    assert found["in_kernel_pct"] == 60.0
    assert dict(found["by_step_pct"]) == {"sqlite (modernc, pure Go)": 60.0,
                                          "garbage collection": 30.0, "grpc and http2": 10.0}
    assert dict(found["by_service_pct"]) == {"history: task queues": 60.0,
                                             "none (runtime, grpc, background)": 30.0,
                                             "frontend": 10.0}
    assert found["self_pct"][0] == ("[kernel] __x64_sys_pwrite64", 60.0)


def test_a_python_process_is_put_down_to_the_library_of_each_innermost_frame(
        tmp_path: Path) -> None:
    raw = _raw(tmp_path, [
        "_start <python3.11>;_PyEval_EvalFrameDefault <libpython3.11.so.1.0> 5",
        "_PyEval_EvalFrameDefault <libpython3.11.so.1.0>;sqlite3VdbeExec <_sqlite3.cpython-311"
        "-x86_64-linux-gnu.so>;pwrite64 <libc.so.6>;[kernel] __x64_sys_futex <[kernel]> 2",
        "tokio::runtime::park <temporal_sdk_bridge.abi3.so> 2",
        "[unknown] <libfoo.so> 1",
        "not a stack line",
    ])
    found = perf_profile.libraries(raw)
    assert found["samples"] == 10
    assert found["by_library_pct"] == [("Python interpreter", 50.0), ("kernel", 20.0),
                                       ("Temporal SDK core (Rust)", 20.0), ("libfoo.so", 10.0)]

#!/usr/bin/env bash
# Measure the GPU solver on a machine with a CUDA GPU, one step at a time (each takes a few
# minutes at most), every result written under $OUT (default /tmp/gpu_steps) and printed.
#
#   bash benchmarks/gpu_steps.sh STEP [DATA]
#
# STEP  setup  build and install the package (compiled core), say what the machine has
#       test   the GPU tests: the kernel on the real device against the CPU engine
#       bench  a million puzzles of each file, NumPy to NumPy, limits 1 and 2
#       tune   search splitting (split_after 0 8 16 32) on the hardest file, the first-call
#              time, and the batch size from which the GPU beats the CPU engine
#       cli    the whole command on 983,160 puzzles (17-clue twenty times), GPU against the CPU
# DATA  the folder of puzzle files (default: data/ of the checkout).
#
# Every step builds the package first if this machine has not. SMOKE=1 runs the plumbing on
# numba's simulator with tiny batches (no GPU needed).
set -uo pipefail

step=${1:?usage: bash benchmarks/gpu_steps.sh setup|test|bench|tune|cli [DATA]}
data=${2:-data}
out=${OUT:-/tmp/gpu_steps}
py=${PYTHON:-python3}
mkdir -p "$out"
export PYTHONUNBUFFERED=1

rows=1000000
big_copies=20            # the 17-clue file this many times over: 983,160 puzzles
simulator=()
if [[ ${SMOKE:-} == 1 ]]; then
    export NUMBA_ENABLE_CUDASIM=1
    rows=6
    big_copies=1
    simulator=(--simulator --repeat 1)
fi

setup() {
    if "$py" -c "import sudokit._core as c, sys; sys.exit(not c.is_compiled())" 2>/dev/null; then
        return
    fi
    echo "== setup"
    SUDOKIT_BUILD_EXT=require "$py" -m pip install -q --no-build-isolation --no-deps -e . \
        || { echo "the build failed"; exit 1; }
    "$py" -m sudokit --version
    "$py" -m pip list 2>/dev/null | grep -i -E '^(numba|numba-cuda|numpy|cython|cupy-cuda[0-9x]+) '
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
}

files() {
    local found=("$data"/puzzles*.txt)
    [[ -e ${found[0]} ]] || { echo "no puzzle files in $data (see data/README.md)"; exit 1; }
    printf '%s\n' "${found[@]}"
}

run_test() {
    echo "== test"
    local env=(SUDOKIT_TEST_GPU=1)
    [[ ${SMOKE:-} == 1 ]] && env=()
    env "${env[@]}" timeout 480 "$py" -m pytest -q -p no:cacheprovider tests/test_gpu_device.py \
        tests/test_gpu_compile.py tests/test_gpu.py tests/test_cli_device.py 2>&1 \
        | tee "$out/test.log" | tail -15
}

run_bench() {
    echo "== bench"
    mapfile -t all < <(files)
    timeout 540 "$py" benchmarks/gpu_bench.py "${all[@]}" --rows "$rows" --limit 1 2 \
        --no-compile-time "${simulator[@]}" 2>&1 | tee "$out/bench.md"
}

run_tune() {
    echo "== tune"
    local hard="$data/puzzles6_forum_hardest_1106.txt"
    timeout 400 "$py" benchmarks/gpu_bench.py "$hard" --rows "$rows" --limit 1 \
        --split-after 0 8 16 32 --no-compile-time \
        "${simulator[@]}" 2>&1 | tee "$out/tune.md"
    local first="$data/puzzles2_17_clue.txt"
    local sizes=()
    [[ ${SMOKE:-} == 1 ]] && sizes=(--crossover-sizes 4)
    timeout 170 "$py" benchmarks/gpu_bench.py "$first" --rows "$rows" --limit 1 --crossover \
        "${sizes[@]}" "${simulator[@]}" 2>&1 | tee -a "$out/tune.md"
}

run_cli() {
    echo "== cli"
    local big=/tmp/gpu_steps_big.txt
    for ((i = 0; i < big_copies; i++)); do
        grep -E '^[0-9.]{81}' "$data/puzzles2_17_clue.txt"
    done > "$big"
    local puzzles
    puzzles=$(grep -c . "$big")
    local device=gpu
    [[ ${SMOKE:-} == 1 ]] && device=cpu  # the simulator is never chosen for the command
    head -n 100 "$big" | "$py" -m sudokit solve --device "$device" --to line > /dev/null  # compile
    {
        echo "| sudoku solve FILE --to line, $puzzles puzzles | seconds | puzzles/s |"
        echo "| --- | ---: | ---: |"
        for args in "--device $device" "--jobs $(nproc)" "--jobs 1"; do
            local start seconds
            start=$(date +%s.%N)
            # shellcheck disable=SC2086  # the words of $args are meant to split
            "$py" -m sudokit solve "$big" $args --to line > "/tmp/gpu_steps_out_${args// /}.txt"
            seconds=$("$py" -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.2f}')" "$start")
            echo "| $args | $seconds | $("$py" -c "print(f'{$puzzles / $seconds:,.0f}')") |"
        done
    } 2>&1 | tee "$out/cli.md"
    if cmp -s "/tmp/gpu_steps_out_--device${device}.txt" "/tmp/gpu_steps_out_--jobs1.txt"; then
        echo "the answers are the same on both devices" | tee -a "$out/cli.md"
    else
        echo "THE ANSWERS DIFFER between the devices" | tee -a "$out/cli.md"
    fi
}

setup
case $step in
    setup) ;;
    test) run_test ;;
    bench) run_bench ;;
    tune) run_tune ;;
    cli) run_cli ;;
    *) echo "unknown step: $step"; exit 2 ;;
esac

#!/usr/bin/env python3
"""What a kernel's instructions per sample are made of: the executed instructions of a callgrind profile
(--dump-instr=yes), restricted to the functions whose names match a regex, classed by mnemonic.

  python3 bench/op_mix.py CALLGRIND_FILE BINARY SAMPLES FUNCTION_REGEX

bench/count_instructions.sh runs it for every count when OPMIX=1. The classes separate the work a
vector unit does (arithmetic, permutes, integer multiplies, compares, blends) from moves (loads,
stores and register spills through the stack, which use the load/store ports) and scalar loop
control: two kernels with the same instruction count can differ in vector operations, which is what
bounds a throughput-bound loop. FMA is its own class: one instruction that fuses two operations, which
gradnoise's spec rules out (docs/spec.md section 1) and FastNoise2 uses.
"""
import collections
import re
import subprocess
import sys

CLASSES = ("fma", "fmul", "fadd", "imul", "permute", "blend", "compare/mask", "other vector",
           "move (stack)", "move/load/store", "scalar/loop")


def klass(mnemonic, operands):
    if mnemonic.startswith(("vfmadd", "vfmsub", "vfnmadd", "vfnmsub")):
        return "fma"
    if mnemonic.startswith(("vmov", "vbroadcast", "vpbroadcast", "movap", "movup", "movdq")):
        return "move (stack)" if re.search(r"\b[re][sb]p\b", operands) else "move/load/store"
    if mnemonic.startswith(("vperm", "vpshufb", "vshuf", "vpshufd", "vinsert", "vextract", "pshufb", "pshufd",
                            "shufps", "vpunpck", "punpck")):
        return "permute"
    if mnemonic in ("vmulps", "vmulpd", "mulps", "mulpd"):
        return "fmul"
    if mnemonic in ("vaddps", "vsubps", "vaddpd", "vsubpd", "addps", "subps", "addpd", "subpd"):
        return "fadd"
    if mnemonic.startswith(("vpmull", "pmull", "pmuludq", "vpmuludq")):
        return "imul"
    if mnemonic.startswith(("vblendv", "vpblendv", "vblendm", "vpblendm", "blendv", "pblendv")):
        return "blend"
    if mnemonic.startswith(("vcmp", "vpcmp", "vptest", "vtest", "kortest", "kmov", "kand", "kor", "knot", "kxor",
                            "cmpps", "pcmp", "movmsk", "vmovmsk")):
        return "compare/mask"
    if mnemonic.startswith("v") or mnemonic.startswith(("p", "andps", "orps", "xorps", "andnps", "cvt", "round")):
        return "other vector"
    return "scalar/loop"


def costs(path, functions):
    """Self cost per instruction address of the functions whose names match."""
    names, current, out = {}, "", collections.Counter()
    address, skip = 0, False
    with open(path) as f:
        for line in f:
            m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
            if m:  # names are compressed: given once, with fn= or cfn=, then referred to by number
                if m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("fn="):
                    current = names.get(m.group(1), "")
                continue
            if line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost, not this function's
                continue
            m = re.match(r"^(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+\s+(\d+)", line)
            if not m:
                continue
            a = m.group(1)
            if a.startswith("0x"):
                address = int(a, 16)
            elif a != "*":
                address += int(a)
            if skip:
                skip = False
                continue
            if functions.search(current):
                out[address] += int(m.group(2))
    return out


def disassemble(binary, addresses):
    """Mnemonic and operands of each address, from objdump over the spans that hold them."""
    spans, start, prev = [], None, None
    for a in sorted(addresses):
        if prev is None or a - prev > 4096:
            if start is not None:
                spans.append((start, prev))
            start = a
        prev = a
    if start is not None:
        spans.append((start, prev))
    out = {}
    for s, e in spans:
        text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel", f"--start-address={s}",
                               f"--stop-address={e + 16}", binary], capture_output=True, text=True, check=True).stdout
        for line in text.splitlines():
            m = re.match(r"\s*([0-9a-f]+):\s+(\S+)\s*(.*)", line)
            if m:
                out[int(m.group(1), 16)] = (m.group(2), m.group(3))
    return out


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    path, binary, samples, functions = sys.argv[1], sys.argv[2], float(sys.argv[3]), re.compile(sys.argv[4])
    cost = costs(path, functions)
    code = disassemble(binary, [a for a, c in cost.items() if c])
    by_class = collections.Counter()
    for a, c in cost.items():
        if a in code:
            by_class[klass(*code[a])] += c
    vector = sum(v for k, v in by_class.items() if k not in ("move (stack)", "move/load/store", "scalar/loop"))
    print("; ".join([f"vector ops {vector / samples:.1f}"] +
                    [f"{k} {by_class[k] / samples:.2f}" for k in CLASSES if by_class[k]]))


if __name__ == "__main__":
    main()

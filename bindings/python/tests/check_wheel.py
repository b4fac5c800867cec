"""Checks one release wheel of perpixel without installing it (tests/python.rs runs it on
each of the four: cp311-abi3 and cp310-abi3, x86-64 and aarch64).

    python check_wheel.py WHEEL ARCH ABI

ARCH: x86_64 or aarch64; ABI: cp311 or cp310. Checks the file name's tags and the WHEEL
metadata's (``<ABI>-abi3-manylinux2014_<ARCH>.manylinux_2_17_<ARCH>``), and the extension
module inside (``perpixel/_native.abi3.so``): an ELF of ARCH's machine that exports
``PyInit__native``, and imports ``PyObject_GetBuffer`` exactly when the wheel has the
buffer protocol (cp311: the limited API has ``Py_buffer`` from 3.11; cp310: none). Needs
pyelftools (a dependency of auditwheel). Prints what it checked; exits 1 on a mismatch.
"""

import io
import sys
import zipfile

from elftools.elf.elffile import ELFFile

MACHINES = {"x86_64": "EM_X86_64", "aarch64": "EM_AARCH64"}


def main(wheel, arch, abi):
    problems = []
    name = wheel.rsplit("/", 1)[-1]
    tags = f"{abi}-abi3-manylinux2014_{arch}.manylinux_2_17_{arch}"
    if not name.endswith(f"-{tags}.whl"):
        problems.append(f"file name {name} lacks the tags {tags}")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        wheel_tags = sorted(
            line.split(":", 1)[1].strip()
            for line in z.read(meta).decode().splitlines()
            if line.startswith("Tag:")
        )
        want = sorted(
            f"{abi}-abi3-{p}_{arch}" for p in ("manylinux2014", "manylinux_2_17")
        )
        if wheel_tags != want:
            problems.append(f"WHEEL tags {wheel_tags}, expected {want}")
        so = "perpixel/_native.abi3.so"
        if so not in names:
            problems.append(f"no {so} in the wheel: {names}")
            data = None
        else:
            data = z.read(so)
    if data is not None:
        elf = ELFFile(io.BytesIO(data))
        machine = elf["e_machine"]
        if machine != MACHINES[arch]:
            problems.append(f"{so} is {machine}, expected {MACHINES[arch]}")
        dynsym = elf.get_section_by_name(".dynsym")
        defined = {s.name for s in dynsym.iter_symbols() if s["st_shndx"] != "SHN_UNDEF"}
        undefined = {s.name for s in dynsym.iter_symbols() if s["st_shndx"] == "SHN_UNDEF"}
        if "PyInit__native" not in defined:
            problems.append("PyInit__native is not exported")
        has_buffer = "PyObject_GetBuffer" in undefined
        if has_buffer != (abi == "cp311"):
            problems.append(
                f"PyObject_GetBuffer imported: {has_buffer}, expected {abi == 'cp311'}"
            )
        python_imports = sorted(n for n in undefined if n.startswith(("Py", "_Py")))
        print(
            f"{name}: {machine}, {len(data)} bytes of _native.abi3.so, PyInit__native "
            f"exported, {len(python_imports)} Python C API imports, buffer protocol: "
            f"{has_buffer}, tags {wheel_tags}"
        )
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

#!/usr/bin/env python3
"""Count the public items of the library's API, as rustdoc sees them.

Usage: scripts/public-items.py [--list] [--all-features] [CRATE...]

Builds the rustdoc JSON of each library crate (default: every library crate of
the workspace that is published, the test fixtures left out; RUSTC_BOOTSTRAP=1
lets the stable toolchain write it) and walks the
API from the crate root the way a user of the crate reaches it: public modules,
the items in them, re-exports (`pub use`), the public fields of public structs
and the public methods and associated constants of their inherent impls (trait impls are not counted:
they add no name of their own). A re-export of the crate's own item counts as
that item (with its methods and fields); a re-export of another crate's item
counts once, as a re-export. Prints one line per crate and a total, by kind:

    vtesdeck-cards: 80 public items (40 functions, 30 types, 2 modules, 0 re-exports, 8 constants), 60 public fields
    ...
    total: 290 public items, 200 public fields

--list prints every counted item's path as well, one per line. --all-features
counts each crate with every feature on (the `download` feature of
vtesdeck-cards adds `install::download`), not its default features.
"""

import collections
import json
import os
import subprocess
import sys

KINDS_TYPES = {"struct", "enum", "trait", "type_alias", "union"}


def metadata():
    """The workspace's `cargo metadata` (its own packages only)."""
    return json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )


def library_crates(meta):
    """The published library crates of the workspace, lowest layer first as Cargo lists them."""
    return [
        package["name"]
        for package in meta["packages"]
        if package.get("publish") != [] and any("lib" in target["kind"] for target in package["targets"])
    ]


def rustdoc_json(crate, meta, all_features=False):
    """Builds the rustdoc JSON of `crate` (a package name)."""
    command = ["cargo", "rustdoc", "--lib", "--locked", "--quiet", "-p", crate]
    if all_features:
        command.append("--all-features")
    command += ["--", "-Z", "unstable-options", "--output-format", "json", "--cap-lints", "allow"]
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    subprocess.run(command, check=True, env=env, stderr=subprocess.DEVNULL)
    path = os.path.join(meta["target_directory"], "doc", crate.replace("-", "_") + ".json")
    with open(path, encoding="utf-8") as file:
        return crate, json.load(file)


def count(doc, listing):
    """Walks the public API of one crate's rustdoc JSON; returns a Counter by kind."""
    index = doc["index"]
    counts = collections.Counter()
    seen = set()

    def kind_of(item):
        return next(iter(item["inner"]))

    def visit(item_id, path):
        if item_id in seen or str(item_id) not in index:
            return
        seen.add(item_id)
        item = index[str(item_id)]
        if item.get("crate_id") != 0 or item.get("visibility") != "public":
            return
        kind = kind_of(item)
        inner = item["inner"][kind]
        name = item.get("name") or (inner.get("name") if isinstance(inner, dict) else None) or "?"
        here = f"{path}::{name}" if path else name
        if kind == "module":
            if path:
                counts["modules"] += 1
                listing.append(("module", here))
            for child in inner["items"]:
                visit(child, here)
        elif kind == "use":
            # A re-export of an item of this crate (`pub use stats::Stats` from a
            # private module) is that item, counted with its methods and fields
            # where the user reaches it; a re-export of another crate's item (the
            # facade's `pub use vtesdeck_cards as cards`) is one name here, its
            # items counted in their own crate.
            target = inner.get("id")
            target_item = index.get(str(target)) if target is not None else None
            if target_item and target_item.get("crate_id") == 0 and not inner.get("is_glob"):
                seen.discard(target)
                visit(target, path)
            else:
                counts["re-exports"] += 1
                listing.append(("re-export", here))
        elif kind == "function":
            counts["functions"] += 1
            listing.append(("function", here))
        elif kind in KINDS_TYPES:
            counts["types"] += 1
            listing.append(("type", here))
            fields = []
            if kind == "struct":
                struct_kind = inner.get("kind", {})
                if isinstance(struct_kind, dict):
                    plain = struct_kind.get("plain", {})
                    fields = plain.get("fields", []) if isinstance(plain, dict) else []
                    fields += [f for f in struct_kind.get("tuple", []) or [] if f is not None]
            for field in fields:
                field_item = index.get(str(field))
                if field_item and field_item.get("visibility") == "public":
                    counts["fields"] += 1
                    listing.append(("field", f"{here}.{field_item.get('name')}"))
            for impl_id in inner.get("impls", []):
                impl_item = index.get(str(impl_id))
                if not impl_item:
                    continue
                impl = impl_item["inner"].get("impl", {})
                if impl.get("trait") is not None or impl.get("is_synthetic") or impl.get("blanket_impl"):
                    continue
                for method in impl.get("items", []):
                    method_item = index.get(str(method))
                    if not method_item or method_item.get("visibility") != "public":
                        continue
                    if kind_of(method_item) == "function":
                        counts["functions"] += 1
                        listing.append(("function", f"{here}::{method_item.get('name')}"))
                    elif kind_of(method_item) == "assoc_const":
                        counts["constants"] += 1
                        listing.append(("constant", f"{here}::{method_item.get('name')}"))
        elif kind in {"constant", "static", "macro"}:
            counts["constants"] += 1
            listing.append((kind, here))

    visit(doc["root"], "")
    return counts


def main():
    args = sys.argv[1:]
    show = "--list" in args
    all_features = "--all-features" in args
    meta = metadata()
    crates = [a for a in args if not a.startswith("--")] or library_crates(meta)
    total = collections.Counter()
    for crate in crates:
        name, doc = rustdoc_json(crate, meta, all_features)
        listing = []
        counts = count(doc, listing)
        total += counts
        items = sum(v for k, v in counts.items() if k != "fields")
        print(
            f"{name}: {items} public items ({counts['functions']} functions, {counts['types']} types, "
            f"{counts['modules']} modules, {counts['re-exports']} re-exports, {counts['constants']} constants), "
            f"{counts['fields']} public fields"
        )
        if show:
            for kind, path in sorted(listing, key=lambda entry: entry[1]):
                print(f"  {kind:9} {path}")
    if len(crates) > 1:
        items = sum(v for k, v in total.items() if k != "fields")
        print(f"total: {items} public items, {total['fields']} public fields")


if __name__ == "__main__":
    main()

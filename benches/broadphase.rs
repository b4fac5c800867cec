//! The world's broad phase against the usual alternatives: `cargo bench --bench broadphase`.
//!
//! Issue 15 asks for the broad phase to be chosen by measurement. The scene is the one of
//! `benches/world.rs` (benches/scenes/world.rs: N moving sprites of 16-64 px over a
//! 4096 x 1024 static terrain, one body or 512 strips), every sprite moved each frame
//! (not timed). Each frame's input is every body's world box (its mask's solid bounds,
//! half-open, in i64) and the output the sorted `(lo, hi)` body-index pairs whose boxes
//! overlap, statics never paired with each other:
//!
//! * `grid`: the world itself (`World::update`, a 64-px grid of moving boxes and the
//!   statics' sorted left edges) on a copy of the scene whose bodies are bounds-only
//!   `Mask::full` rectangles of the same boxes, so an update is broad phase, box confirm,
//!   filters, sort and events (more work than the others do: their figures are a floor);
//! * `grid_alone`: the same grid algorithm written plainly in this file, doing only what
//!   the alternatives do (pairs, then a sort), to tell the algorithm from the world's
//!   other work;
//! * `sap`: sweep-and-prune on x, the previous frame's order re-sorted by insertion sort,
//!   an active list swept with a y test; the statics sit in the same sorted list (the
//!   one terrain body is simply always active) and are never paired with each other;
//! * `tree`: a Box2D-style dynamic AABB tree of the moving bodies (boxes fattened by
//!   [`MARGIN`], a leaf re-inserted only when its body leaves its fat box, cheapest
//!   sibling by perimeter, AVL rotations), queried with every moving box; the statics in
//!   a second tree of tight boxes built once;
//! * `bvh`: a bounding volume hierarchy of the moving boxes rebuilt every frame (median
//!   split on the longer axis of the centres, up to 4 boxes a leaf), queried the same way;
//!   the statics in a second one built once.
//!
//! The alternatives' timings include sorting their pairs (the world sorts its own). Every
//! alternative's pairs are checked against the world's `touching()` on several frames
//! before anything is timed.

#[path = "scenes/mod.rs"]
mod scenes;

use scenes::world as scene;

use criterion::{Criterion, criterion_group, criterion_main};
use perpixel::{BodyDef, BodyId, BodyKind, CELL, Mask, World};
use std::time::{Duration, Instant};

/// A world box: `(x0, x1, y0, y1)`, half-open.
type Aabb = (i64, i64, i64, i64);

fn overlaps(a: &Aabb, b: &Aabb) -> bool {
    a.0 < b.1 && b.0 < a.1 && a.2 < b.3 && b.2 < a.3
}

fn union(a: &Aabb, b: &Aabb) -> Aabb {
    (a.0.min(b.0), a.1.max(b.1), a.2.min(b.2), a.3.max(b.3))
}

fn contains(outer: &Aabb, inner: &Aabb) -> bool {
    outer.0 <= inner.0 && inner.1 <= outer.1 && outer.2 <= inner.2 && inner.3 <= outer.3
}

/// Half the perimeter: the 2D surface-area heuristic's cost.
fn perimeter(a: &Aabb) -> i64 {
    (a.1 - a.0) + (a.3 - a.2)
}

/// A pair of body indices as the world keys it: `lo << 32 | hi`.
fn key(i: u32, j: u32) -> u64 {
    ((i.min(j) as u64) << 32) | i.max(j) as u64
}

/// The boxes of some bodies as the scene's world has them (solid bounds, placed).
fn boxes_of(world: &World, ids: &[BodyId]) -> Vec<Aabb> {
    ids.iter()
        .map(|&id| {
            let s = world.sprite(id).unwrap();
            let r = s.mask.solid_bounds().expect("no empty body in the scene");
            let (x, y) = (s.x as i64 + r.x_min(), s.y as i64 + r.y_min());
            (x, x + r.width as i64, y, y + r.height as i64)
        })
        .collect()
}

/// A broad phase: built from the static and moving bodies (body index, box), then
/// given the moving boxes of each frame, in the same order.
trait BroadPhase {
    fn new(statics: &[(u32, Aabb)], moving: &[(u32, Aabb)]) -> Self;
    /// `out` becomes the frame's overlapping pairs as sorted keys.
    fn update(&mut self, moving: &[Aabb], out: &mut Vec<u64>);
}

/// The world's algorithm without the world around it (no slots, filters, box confirm,
/// ids or events), written plainly: moving boxes counting-sorted into [`CELL`]-px cells
/// over the grid their boxes span, each cell's pairs tested with a pair kept only in the
/// cell of its intersection's top-left corner; the statics sorted by left edge once and
/// searched by binary search.
struct Grid {
    index: Vec<u32>,
    statics: Vec<(u32, Aabb)>,
    widest: i64,
    /// Per cell: its count, then its start, then its end.
    counts: Vec<u32>,
    /// Moving items grouped by cell.
    order: Vec<u32>,
    /// One cell's items.
    cell: Vec<(u32, Aabb)>,
}

/// The cells a box covers: `(first column, last column, first row, last row)`.
fn cells(b: &Aabb) -> Aabb {
    (
        b.0.div_euclid(CELL),
        (b.1 - 1).div_euclid(CELL),
        b.2.div_euclid(CELL),
        (b.3 - 1).div_euclid(CELL),
    )
}

impl BroadPhase for Grid {
    fn new(statics: &[(u32, Aabb)], moving: &[(u32, Aabb)]) -> Grid {
        let mut sorted = statics.to_vec();
        sorted.sort_unstable_by_key(|&(i, b)| (b.0, i));
        Grid {
            index: moving.iter().map(|&(i, _)| i).collect(),
            widest: statics.iter().map(|(_, b)| b.1 - b.0).max().unwrap_or(0),
            statics: sorted,
            counts: Vec::new(),
            order: Vec::new(),
            cell: Vec::new(),
        }
    }

    fn update(&mut self, moving: &[Aabb], out: &mut Vec<u64>) {
        out.clear();
        let span = moving
            .iter()
            .map(cells)
            .reduce(|a, c| (a.0.min(c.0), a.1.max(c.1), a.2.min(c.2), a.3.max(c.3)));
        if let Some((gx0, gx1, gy0, gy1)) = span {
            let w = gx1 - gx0 + 1;
            let n = (w * (gy1 - gy0 + 1)) as usize;
            let each = |b: &Aabb, f: &mut dyn FnMut(usize)| {
                let c = cells(b);
                for cy in c.2..=c.3 {
                    for cx in c.0..=c.1 {
                        f(((cy - gy0) * w + cx - gx0) as usize);
                    }
                }
            };
            self.counts.clear();
            self.counts.resize(n + 1, 0);
            for b in moving {
                each(b, &mut |c| self.counts[c + 1] += 1);
            }
            for c in 0..n {
                self.counts[c + 1] += self.counts[c];
            }
            self.order.resize(self.counts[n] as usize, 0);
            for (k, b) in moving.iter().enumerate() {
                each(b, &mut |c| {
                    self.order[self.counts[c] as usize] = k as u32;
                    self.counts[c] += 1;
                });
            }
            let mut begin = 0;
            for c in 0..n {
                let end = self.counts[c] as usize;
                if end - begin < 2 {
                    begin = end;
                    continue;
                }
                let (cx, cy) = (gx0 + c as i64 % w, gy0 + c as i64 / w);
                self.cell.clear();
                let cell = self.order[begin..end].iter();
                self.cell
                    .extend(cell.map(|&k| (self.index[k as usize], moving[k as usize])));
                for (p, (i, a)) in self.cell.iter().enumerate() {
                    for (j, b) in &self.cell[p + 1..] {
                        let (ix, iy) = (a.0.max(b.0), a.2.max(b.2));
                        if overlaps(a, b) && ix.div_euclid(CELL) == cx && iy.div_euclid(CELL) == cy
                        {
                            out.push(key(*i, *j));
                        }
                    }
                }
                begin = end;
            }
        }
        for (k, a) in moving.iter().enumerate() {
            let from = self
                .statics
                .partition_point(|(_, o)| o.0 <= a.0 - self.widest);
            let to = self.statics.partition_point(|(_, o)| o.0 < a.1);
            for (j, o) in &self.statics[from..to.max(from)] {
                if overlaps(a, o) {
                    out.push(key(self.index[k], *j));
                }
            }
        }
        out.sort_unstable();
    }
}

/// Sweep-and-prune on x with temporal coherence.
struct Sap {
    /// Body index of each item: the moving bodies first, then the statics.
    index: Vec<u32>,
    moving: usize,
    boxes: Vec<Aabb>,
    /// (left edge, item), in the previous frame's order until re-sorted.
    order: Vec<(i64, u32)>,
    /// Items whose x range may still meet the sweep: (right edge, y0, y1, item).
    active: Vec<(i64, i64, i64, u32)>,
}

impl BroadPhase for Sap {
    fn new(statics: &[(u32, Aabb)], moving: &[(u32, Aabb)]) -> Sap {
        let all: Vec<(u32, Aabb)> = moving.iter().chain(statics).copied().collect();
        let mut order: Vec<(i64, u32)> = (0..all.len() as u32)
            .map(|t| (all[t as usize].1.0, t))
            .collect();
        order.sort_unstable();
        Sap {
            index: all.iter().map(|&(i, _)| i).collect(),
            moving: moving.len(),
            boxes: all.iter().map(|&(_, b)| b).collect(),
            order,
            active: Vec::new(),
        }
    }

    fn update(&mut self, moving: &[Aabb], out: &mut Vec<u64>) {
        out.clear();
        self.boxes[..self.moving].copy_from_slice(moving);
        for e in &mut self.order {
            e.0 = self.boxes[e.1 as usize].0;
        }
        // Insertion sort: nearly sorted already, as the bodies moved a few pixels.
        for p in 1..self.order.len() {
            let e = self.order[p];
            let mut q = p;
            while q > 0 && self.order[q - 1].0 > e.0 {
                self.order[q] = self.order[q - 1];
                q -= 1;
            }
            self.order[q] = e;
        }
        self.active.clear();
        let fixed = self.moving as u32;
        for &(x0, t) in &self.order {
            let b = self.boxes[t as usize];
            let mut a = 0;
            while a < self.active.len() {
                let (x1, y0, y1, u) = self.active[a];
                if x1 <= x0 {
                    self.active.swap_remove(a);
                    continue;
                }
                if y0 < b.3 && b.2 < y1 && (t < fixed || u < fixed) {
                    out.push(key(self.index[t as usize], self.index[u as usize]));
                }
                a += 1;
            }
            self.active.push((b.1, b.2, b.3, t));
        }
        out.sort_unstable();
    }
}

/// How far a dynamic tree's fat boxes reach beyond the bodies' boxes, in pixels.
const MARGIN: i64 = 6;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    fat: Aabb,
    parent: u32,
    /// `[NONE, NONE]` for a leaf.
    child: [u32; 2],
    height: i32,
    /// A leaf's item.
    item: u32,
}

/// A Box2D-style dynamic AABB tree (b2DynamicTree: InsertLeaf, RemoveLeaf, Balance).
#[derive(Default)]
struct Tree {
    nodes: Vec<Node>,
    free: Vec<u32>,
    root: u32,
}

impl Tree {
    fn new() -> Tree {
        Tree {
            root: NONE,
            ..Tree::default()
        }
    }

    fn alloc(&mut self, node: Node) -> u32 {
        if let Some(n) = self.free.pop() {
            self.nodes[n as usize] = node;
            return n;
        }
        self.nodes.push(node);
        self.nodes.len() as u32 - 1
    }

    fn is_leaf(&self, n: u32) -> bool {
        self.nodes[n as usize].child[0] == NONE
    }

    /// A new leaf for `item`; its node.
    fn insert(&mut self, item: u32, fat: Aabb) -> u32 {
        let leaf = self.alloc(Node {
            fat,
            parent: NONE,
            child: [NONE; 2],
            height: 0,
            item,
        });
        self.insert_leaf(leaf);
        leaf
    }

    fn insert_leaf(&mut self, leaf: u32) {
        if self.root == NONE {
            self.root = leaf;
            self.nodes[leaf as usize].parent = NONE;
            return;
        }
        // The cheapest sibling, going down while a child is cheaper than stopping here.
        let b = self.nodes[leaf as usize].fat;
        let mut at = self.root;
        while !self.is_leaf(at) {
            let node = self.nodes[at as usize];
            let combined = perimeter(&union(&node.fat, &b));
            let here = 2 * combined;
            let inherit = 2 * (combined - perimeter(&node.fat));
            let cost = |c: u32| {
                let f = &self.nodes[c as usize].fat;
                let grown = perimeter(&union(f, &b));
                inherit
                    + if self.is_leaf(c) {
                        grown
                    } else {
                        grown - perimeter(f)
                    }
            };
            let (c0, c1) = (cost(node.child[0]), cost(node.child[1]));
            if here < c0 && here < c1 {
                break;
            }
            at = node.child[if c0 <= c1 { 0 } else { 1 }];
        }
        let sibling = at;
        let old = self.nodes[sibling as usize].parent;
        let parent = self.alloc(Node {
            fat: union(&self.nodes[sibling as usize].fat, &b),
            parent: old,
            child: [sibling, leaf],
            height: self.nodes[sibling as usize].height + 1,
            item: NONE,
        });
        if old == NONE {
            self.root = parent;
        } else {
            let c = &mut self.nodes[old as usize].child;
            c[(c[1] == sibling) as usize] = parent;
        }
        self.nodes[sibling as usize].parent = parent;
        self.nodes[leaf as usize].parent = parent;
        self.refit_up(parent);
    }

    fn remove_leaf(&mut self, leaf: u32) {
        if leaf == self.root {
            self.root = NONE;
            return;
        }
        let parent = self.nodes[leaf as usize].parent;
        let p = self.nodes[parent as usize];
        let sibling = p.child[(p.child[0] == leaf) as usize];
        self.free.push(parent);
        self.nodes[sibling as usize].parent = p.parent;
        if p.parent == NONE {
            self.root = sibling;
        } else {
            let c = &mut self.nodes[p.parent as usize].child;
            c[(c[1] == parent) as usize] = sibling;
            self.refit_up(p.parent);
        }
    }

    /// Balances and refits from `n` to the root.
    fn refit_up(&mut self, mut n: u32) {
        while n != NONE {
            n = self.balance(n);
            let [a, b] = self.nodes[n as usize].child;
            let (na, nb) = (self.nodes[a as usize], self.nodes[b as usize]);
            let node = &mut self.nodes[n as usize];
            node.height = 1 + na.height.max(nb.height);
            node.fat = union(&na.fat, &nb.fat);
            n = node.parent;
        }
    }

    /// Box2D's rotation: when one child of `a` is 2 taller than the other, the taller
    /// one takes `a`'s place and `a` keeps the shorter grandchild; the new subtree root.
    fn balance(&mut self, a: u32) -> u32 {
        let na = self.nodes[a as usize];
        if na.child[0] == NONE || na.height < 2 {
            return a;
        }
        let h = |t: &Tree, n: u32| t.nodes[n as usize].height;
        let diff = h(self, na.child[1]) - h(self, na.child[0]);
        if diff.abs() <= 1 {
            return a;
        }
        // `up` rises; `a`'s other child stays with it.
        let u = (diff > 1) as usize;
        let up = na.child[u];
        let [f, g] = self.nodes[up as usize].child;
        let (keep, give) = if h(self, f) > h(self, g) {
            (f, g)
        } else {
            (g, f)
        };
        self.nodes[up as usize].child = [a, keep];
        self.nodes[up as usize].parent = na.parent;
        self.nodes[a as usize].parent = up;
        if na.parent == NONE {
            self.root = up;
        } else {
            let c = &mut self.nodes[na.parent as usize].child;
            c[(c[1] == a) as usize] = up;
        }
        self.nodes[a as usize].child[u] = give;
        self.nodes[give as usize].parent = a;
        for n in [a, up] {
            let [x, y] = self.nodes[n as usize].child;
            let (nx, ny) = (self.nodes[x as usize], self.nodes[y as usize]);
            self.nodes[n as usize].fat = union(&nx.fat, &ny.fat);
            self.nodes[n as usize].height = 1 + nx.height.max(ny.height);
        }
        up
    }

    /// Calls `hit` with the item of every leaf whose fat box overlaps `b`.
    fn query(&self, b: &Aabb, stack: &mut Vec<u32>, mut hit: impl FnMut(u32)) {
        stack.clear();
        if self.root != NONE {
            stack.push(self.root);
        }
        while let Some(n) = stack.pop() {
            let node = &self.nodes[n as usize];
            if overlaps(&node.fat, b) {
                if node.child[0] == NONE {
                    hit(node.item);
                } else {
                    stack.extend(node.child);
                }
            }
        }
    }
}

fn fatten(b: &Aabb) -> Aabb {
    (b.0 - MARGIN, b.1 + MARGIN, b.2 - MARGIN, b.3 + MARGIN)
}

/// The dynamic tree broad phase: a tree of fat moving boxes, one of static boxes.
struct DynamicTree {
    moving: Tree,
    statics: Tree,
    /// Per moving body: body index, box, leaf.
    index: Vec<u32>,
    boxes: Vec<Aabb>,
    leaf: Vec<u32>,
    static_index: Vec<u32>,
    static_boxes: Vec<Aabb>,
    stack: Vec<u32>,
}

impl BroadPhase for DynamicTree {
    fn new(statics: &[(u32, Aabb)], moving: &[(u32, Aabb)]) -> DynamicTree {
        let (mut tm, mut ts) = (Tree::new(), Tree::new());
        let leaf = (0..moving.len() as u32)
            .map(|k| tm.insert(k, fatten(&moving[k as usize].1)))
            .collect();
        for (s, &(_, b)) in statics.iter().enumerate() {
            ts.insert(s as u32, b);
        }
        DynamicTree {
            moving: tm,
            statics: ts,
            index: moving.iter().map(|&(i, _)| i).collect(),
            boxes: moving.iter().map(|&(_, b)| b).collect(),
            leaf,
            static_index: statics.iter().map(|&(i, _)| i).collect(),
            static_boxes: statics.iter().map(|&(_, b)| b).collect(),
            stack: Vec::new(),
        }
    }

    fn update(&mut self, moving: &[Aabb], out: &mut Vec<u64>) {
        out.clear();
        for (k, b) in moving.iter().enumerate() {
            self.boxes[k] = *b;
            let leaf = self.leaf[k];
            if !contains(&self.moving.nodes[leaf as usize].fat, b) {
                self.moving.remove_leaf(leaf);
                self.moving.nodes[leaf as usize].fat = fatten(b);
                self.moving.insert_leaf(leaf);
            }
        }
        let mut stack = std::mem::take(&mut self.stack);
        for (k, b) in self.boxes.iter().enumerate() {
            let i = self.index[k];
            self.moving.query(b, &mut stack, |j| {
                if j as usize > k && overlaps(b, &self.boxes[j as usize]) {
                    out.push(key(i, self.index[j as usize]));
                }
            });
            self.statics.query(b, &mut stack, |s| {
                if overlaps(b, &self.static_boxes[s as usize]) {
                    out.push(key(i, self.static_index[s as usize]));
                }
            });
        }
        self.stack = stack;
        out.sort_unstable();
    }
}

/// Boxes per BVH leaf at most.
const LEAF: usize = 4;

/// A node of a [`Bvh`]: a leaf holds `items[start..start + count]`; an inner node's
/// children are the next node and `second`.
#[derive(Clone, Copy)]
struct BvhNode {
    b: Aabb,
    start: u32,
    count: u32,
    second: u32,
}

/// A bounding volume hierarchy built top down by median splits.
#[derive(Default)]
struct Bvh {
    nodes: Vec<BvhNode>,
    items: Vec<u32>,
}

impl Bvh {
    fn build(&mut self, boxes: &[Aabb]) {
        self.nodes.clear();
        self.items.clear();
        self.items.extend(0..boxes.len() as u32);
        if !boxes.is_empty() {
            self.split(boxes, 0, boxes.len());
        }
    }

    fn split(&mut self, boxes: &[Aabb], start: usize, end: usize) {
        let items = &mut self.items[start..end];
        let b = items
            .iter()
            .map(|&t| boxes[t as usize])
            .reduce(|a, c| union(&a, &c))
            .unwrap();
        let at = self.nodes.len();
        self.nodes.push(BvhNode {
            b,
            start: start as u32,
            count: items.len() as u32,
            second: 0,
        });
        if items.len() <= LEAF {
            return;
        }
        let mid = items.len() / 2;
        if b.1 - b.0 >= b.3 - b.2 {
            items.select_nth_unstable_by_key(mid, |&t| boxes[t as usize].0 + boxes[t as usize].1);
        } else {
            items.select_nth_unstable_by_key(mid, |&t| boxes[t as usize].2 + boxes[t as usize].3);
        }
        self.nodes[at].count = 0;
        self.split(boxes, start, start + mid);
        self.nodes[at].second = self.nodes.len() as u32;
        self.split(boxes, start + mid, end);
    }

    /// Calls `hit` with every item whose box in `boxes` overlaps `b`.
    fn query(&self, boxes: &[Aabb], b: &Aabb, stack: &mut Vec<u32>, mut hit: impl FnMut(u32)) {
        stack.clear();
        if !self.nodes.is_empty() {
            stack.push(0);
        }
        while let Some(n) = stack.pop() {
            let node = &self.nodes[n as usize];
            if !overlaps(&node.b, b) {
                continue;
            }
            if node.count == 0 {
                stack.extend([n + 1, node.second]);
                continue;
            }
            for &t in &self.items[node.start as usize..(node.start + node.count) as usize] {
                if overlaps(&boxes[t as usize], b) {
                    hit(t);
                }
            }
        }
    }
}

/// The BVH broad phase: the moving bodies' hierarchy rebuilt every frame, the statics'
/// built once.
struct RebuiltBvh {
    moving: Bvh,
    statics: Bvh,
    index: Vec<u32>,
    boxes: Vec<Aabb>,
    static_index: Vec<u32>,
    static_boxes: Vec<Aabb>,
    stack: Vec<u32>,
}

impl BroadPhase for RebuiltBvh {
    fn new(statics: &[(u32, Aabb)], moving: &[(u32, Aabb)]) -> RebuiltBvh {
        let static_boxes: Vec<Aabb> = statics.iter().map(|&(_, b)| b).collect();
        let mut s = Bvh::default();
        s.build(&static_boxes);
        RebuiltBvh {
            moving: Bvh::default(),
            statics: s,
            index: moving.iter().map(|&(i, _)| i).collect(),
            boxes: moving.iter().map(|&(_, b)| b).collect(),
            static_index: statics.iter().map(|&(i, _)| i).collect(),
            static_boxes,
            stack: Vec::new(),
        }
    }

    fn update(&mut self, moving: &[Aabb], out: &mut Vec<u64>) {
        out.clear();
        self.boxes.copy_from_slice(moving);
        self.moving.build(&self.boxes);
        let mut stack = std::mem::take(&mut self.stack);
        for (k, b) in self.boxes.iter().enumerate() {
            let i = self.index[k];
            self.moving.query(&self.boxes, b, &mut stack, |j| {
                if j as usize > k {
                    out.push(key(i, self.index[j as usize]));
                }
            });
            self.statics.query(&self.static_boxes, b, &mut stack, |s| {
                out.push(key(i, self.static_index[s as usize]));
            });
        }
        self.stack = stack;
        out.sort_unstable();
    }
}

/// The scene, and beside it a world of bounds-only rectangles with the same boxes and
/// body indices (the grid's figures), and the input every alternative is built from.
struct Setup {
    scene: scene::Scene,
    grid: World,
    /// The grid world's moving bodies, in the scene's order.
    grid_ids: Vec<BodyId>,
    statics: Vec<(u32, Aabb)>,
}

impl Setup {
    fn new(n: usize, tiles: u32) -> Setup {
        let scene = scene::Scene::tiled(n, tiles);
        let mut grid = World::new();
        let mut add = |b: Aabb, kind: BodyKind| {
            let m = Mask::full((b.1 - b.0) as u32, (b.3 - b.2) as u32).unwrap();
            grid.create_body(BodyDef {
                pixel_collision: false,
                kind,
                ..BodyDef::new(&m, b.0 as i32, b.2 as i32)
            })
            .unwrap()
        };
        let static_boxes = boxes_of(&scene.world, &scene.statics);
        for (&b, &id) in static_boxes.iter().zip(&scene.statics) {
            assert_eq!(add(b, BodyKind::Static).index, id.index);
        }
        let grid_ids = boxes_of(&scene.world, &scene.ids)
            .into_iter()
            .zip(&scene.ids)
            .map(|(b, &id)| {
                let g = add(b, BodyKind::Moving);
                assert_eq!(g.index, id.index);
                g
            })
            .collect();
        let statics = scene
            .statics
            .iter()
            .map(|id| id.index)
            .zip(static_boxes)
            .collect();
        Setup {
            scene,
            grid,
            grid_ids,
            statics,
        }
    }

    /// Moves the sprites one frame (the scene and the grid world); their boxes.
    fn step(&mut self) -> Vec<Aabb> {
        self.scene.step();
        let boxes = boxes_of(&self.scene.world, &self.scene.ids);
        let corners: Vec<(i32, i32)> = boxes.iter().map(|b| (b.0 as i32, b.2 as i32)).collect();
        self.grid.move_bodies(&self.grid_ids, &corners).unwrap();
        boxes
    }

    fn moving(&self) -> Vec<(u32, Aabb)> {
        let boxes = boxes_of(&self.scene.world, &self.scene.ids);
        self.scene
            .ids
            .iter()
            .map(|id| id.index)
            .zip(boxes)
            .collect()
    }

    fn grid_pairs(&self) -> Vec<u64> {
        self.grid
            .touching()
            .iter()
            .map(|p| key(p.a.index, p.b.index))
            .collect()
    }

    /// `iters` frames: each moves the sprites (not timed) and runs `timed` on the grid
    /// world and the moving boxes (timed).
    fn frames(&mut self, iters: u64, mut timed: impl FnMut(&mut World, &[Aabb])) -> Duration {
        let mut t = Duration::ZERO;
        for _ in 0..iters {
            let boxes = self.step();
            let start = Instant::now();
            timed(&mut self.grid, &boxes);
            t += start.elapsed();
        }
        t
    }
}

fn bench_broadphase(c: &mut Criterion) {
    let mut g = c.benchmark_group("broadphase");
    for (n, tiles, name) in [
        (100, 1, "100"),
        (1_000, 1, "1000"),
        (10_000, 1, "10000"),
        (1_000, 512, "1000_512_statics"),
    ] {
        let mut s = Setup::new(n, tiles);
        s.grid.update().unwrap();
        let moving = s.moving();
        let mut grid = Grid::new(&s.statics, &moving);
        let mut sap = Sap::new(&s.statics, &moving);
        let mut tree = DynamicTree::new(&s.statics, &moving);
        let mut bvh = RebuiltBvh::new(&s.statics, &moving);
        let mut out = Vec::new();
        // The same pairs from every one, frame after frame, before any timing.
        let mut pairs = 0;
        for _ in 0..8 {
            let boxes = s.step();
            s.grid.update().unwrap();
            let want = s.grid_pairs();
            grid.update(&boxes, &mut out);
            assert_eq!(out, want, "grid alone, {name}");
            sap.update(&boxes, &mut out);
            assert_eq!(out, want, "sap, {name}");
            tree.update(&boxes, &mut out);
            assert_eq!(out, want, "tree, {name}");
            bvh.update(&boxes, &mut out);
            assert_eq!(out, want, "bvh, {name}");
            pairs += want.len();
        }
        println!("broadphase/{name}: {} pairs a frame", pairs / 8);
        g.bench_function(format!("grid/{name}"), |b| {
            b.iter_custom(|iters| s.frames(iters, |w, _| w.update().unwrap()))
        });
        g.bench_function(format!("grid_alone/{name}"), |b| {
            b.iter_custom(|iters| s.frames(iters, |_, boxes| grid.update(boxes, &mut out)))
        });
        g.bench_function(format!("sap/{name}"), |b| {
            b.iter_custom(|iters| s.frames(iters, |_, boxes| sap.update(boxes, &mut out)))
        });
        g.bench_function(format!("tree/{name}"), |b| {
            b.iter_custom(|iters| s.frames(iters, |_, boxes| tree.update(boxes, &mut out)))
        });
        g.bench_function(format!("bvh/{name}"), |b| {
            b.iter_custom(|iters| s.frames(iters, |_, boxes| bvh.update(boxes, &mut out)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench_broadphase);
criterion_main!(benches);

// The conformance corpus replayed through the C ABI built for wasm32-unknown-unknown, under
// Node (no dependencies): every case of tests/corpus/corpus.txt (format:
// tests/corpus/FORMAT.md) runs through the matching pp_ export of perpixel.wasm, its answer
// written as the corpus writes it (floats as the 16 hex digits of their IEEE-754 bits,
// statuses by their C names) and compared with the expected text. Prints how many cases of
// each kind it ran; exits 1 on any difference.
//
// The structs' wasm32 layouts (4-byte pointers, natural alignment: the wasm32 C ABI) and the
// status names are read from include/perpixel.h, so nothing here restates the header. The
// replayer's own structs live in pages it grows the memory by at the start: the library's
// allocator only ever takes pages it grows itself, so those pages stay the replayer's.
//
// Usage: node corpus_replay.mjs <perpixel.wasm> <perpixel.h> <corpus.txt>
import { readFileSync } from 'node:fs';

const [wasmPath, headerPath, corpusPath] = process.argv.slice(2);
if (!corpusPath) {
  console.error('usage: node corpus_replay.mjs <perpixel.wasm> <perpixel.h> <corpus.txt>');
  process.exit(2);
}

// ---- the header: struct layouts, statuses, constants -------------------------------------

const header = readFileSync(headerPath, 'utf8');
const SCALARS = {
  uint8_t: 1, int8_t: 1, uint16_t: 2, int16_t: 2, uint32_t: 4, int32_t: 4,
  uint64_t: 8, int64_t: 8, double: 8, float: 4, uintptr_t: 4, intptr_t: 4, size_t: 4,
};
const layouts = {}; // name -> { size, align, fields: { name: { offset, type, count, pointer } } }
{
  const re = /^typedef struct \{\n([\s\S]*?)^\} (\w+);$/gm;
  for (let m; (m = re.exec(header));) {
    const [, body, name] = m;
    let offset = 0, align = 1;
    const fields = {};
    for (const raw of body.split('\n')) {
      const line = raw.trim();
      if (!line.endsWith(';') || line.startsWith('*') || line.startsWith('/')) continue;
      const d = /^(?:const )?(\w+)\s*(\*?)\s*(\w+)(?:\[(\d+)\])?;$/.exec(line);
      if (!d) throw new Error(`${name}: cannot read the field "${line}"`);
      const [, type, star, fname, n] = d;
      const pointer = star === '*';
      const size = pointer ? 4 : SCALARS[type] ?? layouts[type]?.size;
      const falign = pointer ? 4 : SCALARS[type] ?? layouts[type]?.align;
      if (size === undefined) throw new Error(`${name}.${fname}: unknown type ${type}`);
      offset = Math.ceil(offset / falign) * falign;
      fields[fname] = { offset, type, count: n ? Number(n) : undefined, pointer };
      offset += size * (n ? Number(n) : 1);
      align = Math.max(align, falign);
    }
    layouts[name] = { size: Math.ceil(offset / align) * align, align, fields };
  }
}
const STATUS = {}; // value -> name
for (const m of header.matchAll(/^ {2}(PP_(?:OK|ERR_\w+)) = (\d+),?$/gm)) STATUS[Number(m[2])] = m[1];
const CONST = {};
for (const m of header.matchAll(/^#define (PP_\w+) (\d+)$/gm)) CONST[m[1]] = Number(m[2]);

// ---- the module and the replayer's memory ------------------------------------------------

const wasm = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(wasmPath)), {});
const pp = wasm.exports;
const memory = pp.memory;
const ARENA_PAGES = 64; // 4 MiB of the replayer's own
const arenaBase = memory.grow(ARENA_PAGES) * 65536;
const arenaEnd = arenaBase + ARENA_PAGES * 65536;
let top = arenaBase;
const view = () => new DataView(memory.buffer); // anew after every call: the memory may grow

function alloc(size, align = 8) {
  top = Math.ceil(top / align) * align;
  const at = top;
  top += size;
  if (top > arenaEnd) throw new Error('the replayer ran out of its arena');
  new Uint8Array(memory.buffer, at, size).fill(0);
  return at;
}

// A struct in the arena: get/set its fields by name, as their header types.
class Struct {
  constructor(name, at) {
    this.name = name;
    this.layout = layouts[name];
    if (!this.layout) throw new Error(`no struct ${name} in the header`);
    this.at = at ?? alloc(this.layout.size, this.layout.align);
  }
  field(f) {
    const d = this.layout.fields[f];
    if (!d) throw new Error(`${this.name} has no field ${f}`);
    return d;
  }
  get(f) {
    const d = this.field(f), v = view(), at = this.at + d.offset;
    if (d.pointer) return v.getUint32(at, true);
    if (layouts[d.type]) return new Struct(d.type, at);
    return readScalar(v, d.type, at);
  }
  set(f, value) {
    const d = this.field(f), v = view(), at = this.at + d.offset;
    if (d.pointer) return v.setUint32(at, value, true);
    writeScalar(v, d.type, at, value);
  }
}

function readScalar(v, type, at) {
  switch (type) {
    case 'uint8_t': return v.getUint8(at);
    case 'int32_t': return v.getInt32(at, true);
    case 'uint32_t': case 'uintptr_t': case 'size_t': return v.getUint32(at, true);
    case 'int64_t': return v.getBigInt64(at, true);
    case 'uint64_t': return v.getBigUint64(at, true);
    case 'double': return v.getFloat64(at, true);
    default: throw new Error(`cannot read a ${type}`);
  }
}

function writeScalar(v, type, at, value) {
  switch (type) {
    case 'uint8_t': return v.setUint8(at, Number(value));
    case 'int32_t': return v.setInt32(at, Number(value), true);
    case 'uint32_t': case 'uintptr_t': case 'size_t': return v.setUint32(at, Number(value), true);
    case 'int64_t': return v.setBigInt64(at, BigInt(value), true);
    case 'uint64_t': return v.setBigUint64(at, BigInt(value), true);
    case 'double': return v.setFloat64(at, value, true);
    default: throw new Error(`cannot write a ${type}`);
  }
}

// One scalar out-parameter.
function out(type) {
  const at = alloc(8, 8);
  return { at, get: () => readScalar(view(), type, at) };
}

// A struct returned by value (the wasm32 C ABI: through a pointer the caller passes first).
function defaults(fn, name) {
  const s = new Struct(name);
  fn(s.at);
  return s;
}

function copyStruct(s) {
  const c = new Struct(s.name);
  new Uint8Array(memory.buffer).copyWithin(c.at, s.at, s.at + s.layout.size);
  return c;
}

// ---- answers -----------------------------------------------------------------------------

const hex = (x) => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x, false);
  return v.getBigUint64(0, false).toString(16).padStart(16, '0');
};
const fromHex = (s) => {
  if (!/^[0-9a-f]{16}$/.test(s)) throw new Error(`not a float: ${s}`);
  const v = new DataView(new ArrayBuffer(8));
  v.setBigUint64(0, BigInt('0x' + s), false);
  return v.getFloat64(0, false);
};
const statusName = (s) => STATUS[s] ?? `unknown status ${s}`;
const error = (s) => `error ${statusName(s)}`;
const normal = (has, n) => (has ? `${hex(n.get('x'))} ${hex(n.get('y'))}` : '-');

function maskText(m) {
  const w = out('int32_t'), h = out('int32_t');
  check(pp.pp_mask_size(m, w.at, h.at));
  const [W, H] = [w.get(), h.get()];
  const rows = [];
  const solid = out('uint8_t');
  for (let y = 0; y < H; y++) {
    if (W === 0) { rows.push('-'); continue; }
    let row = '';
    for (let x = 0; x < W; x += 4) {
      let digit = 0;
      for (let i = 0; i < 4 && x + i < W; i++) {
        check(pp.pp_mask_is_solid(m, x + i, y, solid.at));
        if (solid.get()) digit |= 8 >> i;
      }
      row += digit.toString(16);
    }
    rows.push(row);
  }
  return [W, H, ...rows].join(' ');
}

function check(s) {
  if (s !== 0) throw new Error(`a replayer call failed: ${statusName(s)}`);
}

// ---- inputs --------------------------------------------------------------------------------

const masks = new Map(); // id -> pointer
class Tokens {
  constructor(list) { this.list = list; this.i = 0; }
  next() {
    if (this.i >= this.list.length) throw new Error('too few inputs');
    return this.list[this.i++];
  }
  int() {
    const s = this.next();
    if (!/^-?\d+$/.test(s)) throw new Error(`not an integer: ${s}`);
    return Number(s);
  }
  big() { return BigInt(this.next()); }
  float() { return fromHex(this.next()); }
  mask() {
    const id = this.next();
    if (id === 'null') return 0;
    if (!masks.has(id)) throw new Error(`no mask ${id}`);
    return masks.get(id);
  }
  sprite() {
    const s = new Struct('pp_sprite');
    s.set('mask', this.mask());
    s.set('x', this.int());
    s.set('y', this.int());
    s.set('pixel_collision', this.int());
    return s;
  }
  transform() {
    const t = defaults(pp.pp_transform_default, 'pp_transform');
    for (const f of ['x', 'y', 'rotation_degrees', 'scale_x', 'scale_y']) t.set(f, this.float());
    for (const f of ['flip_x', 'flip_y', 'has_pivot']) t.set(f, this.int());
    t.set('pivot_x', this.float());
    t.set('pivot_y', this.float());
    return t;
  }
  filter() {
    const f = defaults(pp.pp_filter_default, 'pp_filter');
    f.set('category', this.big());
    f.set('mask', this.big());
    f.set('group', this.int());
    return f;
  }
  done() { return this.i === this.list.length; }
}

function declareMask(t) {
  const id = t.next(), w = t.int(), h = t.int();
  const m = out('uint32_t');
  check(pp.pp_mask_new(w, h, 0, m.at));
  const mask = m.get();
  for (let y = 0; y < h; y++) {
    const row = t.next();
    if (w === 0) continue;
    if (row.length !== Math.ceil(w / 4)) throw new Error(`row ${y} of ${id} is not ${Math.ceil(w / 4)} digits`);
    for (let x = 0; x < w; x++) {
      if (parseInt(row[x >> 2], 16) & (8 >> (x & 3))) check(pp.pp_mask_set_pixel(mask, x, y, 1));
    }
  }
  if (!t.done()) throw new Error(`too many rows for ${id}`);
  if (masks.has(id)) pp.pp_mask_free(masks.get(id));
  masks.set(id, mask);
}

// ---- the kinds -------------------------------------------------------------------------------

const point = (p) => `${p.get('x')} ${p.get('y')}`;

function pairCase(kind, t) {
  const a = t.sprite(), b = t.sprite();
  if (kind === 'collides') {
    const o = out('uint8_t');
    const s = pp.pp_collides(a.at, b.at, o.at);
    return s ? error(s) : `${o.get()}`;
  }
  if (kind === 'first_contact') {
    const found = out('uint8_t'), p = new Struct('pp_point');
    const s = pp.pp_first_contact(a.at, b.at, found.at, p.at);
    return s ? error(s) : found.get() ? point(p) : 'none';
  }
  if (kind === 'overlap_area') {
    const area = out('uint64_t');
    const s = pp.pp_overlap_area(a.at, b.at, area.at);
    return s ? error(s) : `${area.get()}`;
  }
  const m = out('uint32_t'), bounds = new Struct('pp_bounds');
  const s = pp.pp_overlap_mask(a.at, b.at, m.at, bounds.at);
  if (s) return error(s);
  if (m.get() === 0) return 'none';
  const text = `${bounds.get('x')} ${bounds.get('y')} ${maskText(m.get())}`;
  pp.pp_mask_free(m.get());
  return text;
}

// pygame style: mask a at (0, 0), mask b at (dx, dy).
function offsetCase(kind, t) {
  const a = t.mask(), b = t.mask(), dx = t.int(), dy = t.int();
  if (kind === 'mask_collides') {
    const o = out('uint8_t');
    const s = pp.pp_mask_collides(a, b, dx, dy, o.at);
    return s ? error(s) : `${o.get()}`;
  }
  if (kind === 'mask_first_contact') {
    const found = out('uint8_t'), p = new Struct('pp_point');
    const s = pp.pp_mask_first_contact(a, b, dx, dy, found.at, p.at);
    return s ? error(s) : found.get() ? point(p) : 'none';
  }
  if (kind === 'mask_overlap_area') {
    const area = out('uint64_t');
    const s = pp.pp_mask_overlap_area(a, b, dx, dy, area.at);
    return s ? error(s) : `${area.get()}`;
  }
  const m = out('uint32_t'), bounds = new Struct('pp_bounds');
  const s = pp.pp_mask_overlap_mask(a, b, dx, dy, m.at, bounds.at);
  if (s) return error(s);
  if (m.get() === 0) return 'none';
  const text = `${bounds.get('x')} ${bounds.get('y')} ${maskText(m.get())}`;
  pp.pp_mask_free(m.get());
  return text;
}

function slideCase(t) {
  const mover = t.sprite(), n = t.int();
  const size = layouts.pp_sprite.size, obstacles = alloc(size * Math.max(n, 1), layouts.pp_sprite.align);
  for (let i = 0; i < n; i++) {
    const o = t.sprite();
    new Uint8Array(memory.buffer).copyWithin(obstacles + i * size, o.at, o.at + size);
  }
  const dx = t.int(), dy = t.int();
  const o = defaults(pp.pp_move_options_default, 'pp_move_options');
  o.set('step_up', t.int());
  o.set('up', t.int());
  const r = new Struct('pp_move_result');
  const s = pp.pp_move_and_slide(mover.at, obstacles, n, dx, dy, o.at, r.at);
  if (s) return error(s);
  return ['x', 'y', 'blocked_x', 'blocked_y', 'started_inside', 'climbed'].map((f) => r.get(f)).join(' ');
}

// A new mask the library made (freed once written), or the error.
function newMask(s, m) {
  if (s) return error(s);
  const text = maskText(m.get());
  pp.pp_mask_free(m.get());
  return text;
}

function connectivity(t) {
  const c = t.next();
  if (c !== '4' && c !== '8') throw new Error(`not a connectivity: ${c}`);
  return c === '4' ? CONST.PP_CONNECTIVITY_4 : CONST.PP_CONNECTIVITY_8;
}

function shapeCase(kind, t) {
  const m = t.mask(), r = out('uint32_t');
  if (kind === 'centroid') {
    const x = out('uint32_t'), y = out('uint32_t');
    const s = pp.pp_mask_centroid(m, x.at, y.at);
    return s ? error(s) : `${x.get()} ${y.get()}`;
  }
  if (kind === 'angle') {
    const a = out('double');
    const s = pp.pp_mask_angle(m, a.at);
    return s ? error(s) : hex(a.get());
  }
  if (kind === 'component_bounds') {
    const o = defaults(pp.pp_component_options_default, 'pp_component_options');
    o.set('connectivity', connectivity(t));
    o.set('order', t.next() === 'largest' ? CONST.PP_ORDER_LARGEST_FIRST : CONST.PP_ORDER_POSITION);
    o.set('min_pixels', t.big());
    const n = out('uintptr_t');
    let s = pp.pp_mask_component_bounds(m, o.at, 0, 0, n.at);
    if (s) return error(s);
    const size = layouts.pp_bounds.size, list = alloc(size * (n.get() + 1), 4);
    s = pp.pp_mask_component_bounds(m, o.at, list, n.get(), n.at);
    if (s) return error(s);
    const words = [`${n.get()}`];
    for (let i = 0; i < n.get(); i++) {
      const b = new Struct('pp_bounds', list + i * size);
      words.push(b.get('x'), b.get('y'), b.get('width'), b.get('height'));
    }
    return words.join(' ');
  }
  if (kind === 'largest_component') return newMask(pp.pp_mask_largest_component(m, connectivity(t), r.at), r);
  if (kind === 'grow' || kind === 'shrink') {
    const o = defaults(pp.pp_morph_options_default, 'pp_morph_options');
    const n = t.int(), norm = t.next();
    o.set('norm', { square: CONST.PP_NORM_SQUARE, diamond: CONST.PP_NORM_DIAMOND }[norm] ?? CONST.PP_NORM_DISC);
    o.set('shrink_from_edges', t.int());
    const f = kind === 'grow' ? pp.pp_mask_grow : pp.pp_mask_shrink;
    return newMask(f(m, n, o.at, r.at), r);
  }
  if (kind === 'scale') return newMask(pp.pp_mask_scale(m, t.int(), t.int(), r.at), r);
  return newMask(pp.pp_mask_convolve(m, t.mask(), r.at), r);
}

function rect(t) {
  const r = new Struct('pp_bounds');
  for (const f of ['x', 'y', 'width', 'height']) r.set(f, t.int());
  return r;
}

// Reshapes, mask facts, and the edits on a pp_mask_copy of the declared mask (answering
// the edited mask). pp_bounds goes by value: the wasm32 C ABI passes a struct argument
// through a pointer to a copy.
function reshapeEditCase(kind, t) {
  const m = t.mask(), r = out('uint32_t');
  if (kind === 'flip') return newMask(pp.pp_mask_flip(m, t.int(), t.int(), r.at), r);
  if (kind === 'rotate_quarter') return newMask(pp.pp_mask_rotate_quarter(m, t.int(), r.at), r);
  if (kind === 'transpose') return newMask(pp.pp_mask_transpose(m, r.at), r);
  if (kind === 'scale_integer') return newMask(pp.pp_mask_scale_integer(m, t.int(), t.int(), r.at), r);
  if (kind === 'component_at') {
    const x = t.int(), y = t.int();
    return newMask(pp.pp_mask_component_at(m, x, y, connectivity(t), r.at), r);
  }
  if (kind === 'count') {
    const n = out('uint64_t');
    const s = pp.pp_mask_count(m, n.at);
    return s ? error(s) : `${n.get()}`;
  }
  if (kind === 'solid_bounds') {
    const has = out('uint8_t'), b = new Struct('pp_bounds');
    const s = pp.pp_mask_solid_bounds(m, has.at, b.at);
    if (s) return error(s);
    return has.get() ? ['x', 'y', 'width', 'height'].map((f) => b.get(f)).join(' ') : 'none';
  }
  if (kind === 'mask_hash') {
    const h = out('uint64_t');
    const s = pp.pp_mask_hash(m, h.at);
    return s ? error(s) : h.get().toString(16).padStart(16, '0');
  }
  let s = pp.pp_mask_copy(m, r.at);
  if (s) return error(s);
  const e = r.get();
  if (kind === 'set_pixel') s = pp.pp_mask_set_pixel(e, t.int(), t.int(), t.int());
  else if (kind === 'fill_rect') s = pp.pp_mask_fill_rect(e, rect(t).at, t.int());
  else if (kind === 'fill_circle') s = pp.pp_mask_fill_circle(e, t.int(), t.int(), t.int(), t.int());
  else if (kind === 'fill_ellipse') s = pp.pp_mask_fill_ellipse(e, rect(t).at, t.int());
  else if (kind === 'draw_line') s = pp.pp_mask_draw_line(e, t.int(), t.int(), t.int(), t.int(), t.int(), t.int());
  else if (kind === 'invert') s = pp.pp_mask_invert(e);
  else {
    const f = { draw: pp.pp_mask_draw, erase: pp.pp_mask_erase, intersect: pp.pp_mask_intersect, xor: pp.pp_mask_xor }[kind];
    s = f(e, t.mask(), t.int(), t.int());
  }
  if (s) {
    pp.pp_mask_free(e);
    return error(s);
  }
  return newMask(0, r);
}

// `polygons <mask> <epsilon>`: `<polygons> <rings>`, then each ring `<n> x y ...`, the
// rings sorted vertex by vertex (each by y then x), a ring that starts another first.
function polygonsCase(kind, t) {
  const m = t.mask();
  const o = defaults(pp.pp_polygon_options_default, 'pp_polygon_options');
  o.set('epsilon', t.float());
  const p = out('uint32_t');
  const s = pp.pp_mask_polygons(m, o.at, p.at);
  if (s) return error(s);
  const h = p.get();
  const np = out('uintptr_t'), nr = out('uintptr_t'), nv = out('uintptr_t'), len = out('uintptr_t');
  check(pp.pp_polygons_counts(h, np.at, nr.at, nv.at));
  const vsize = layouts.pp_vertex.size;
  const pts = alloc(vsize * (nv.get() + 1), 4), starts = alloc(4 * (nr.get() + 1), 4);
  check(pp.pp_polygons_points(h, pts, nv.get(), len.at));
  check(pp.pp_polygons_ring_starts(h, starts, nr.get() + 1, len.at));
  const rings = [];
  for (let r = 0; r < nr.get(); r++) {
    const v = view(), ring = [];
    for (let i = v.getUint32(starts + 4 * r, true); i < v.getUint32(starts + 4 * r + 4, true); i++) {
      const at = new Struct('pp_vertex', pts + i * vsize);
      ring.push([at.get('x'), at.get('y')]);
    }
    rings.push(ring);
  }
  pp.pp_polygons_free(h);
  rings.sort((a, b) => {
    for (let i = 0; i < a.length && i < b.length; i++) {
      if (a[i][1] !== b[i][1]) return a[i][1] - b[i][1];
      if (a[i][0] !== b[i][0]) return a[i][0] - b[i][0];
    }
    return a.length - b.length;
  });
  return [np.get(), nr.get(), ...rings.map((r) => [r.length, ...r.flat()].join(' '))].join(' ');
}

// `crop`, `component_counts`, `component_labels`.
function cropLabelCase(kind, t) {
  const m = t.mask();
  if (kind === 'crop') {
    const r = out('uint32_t');
    return newMask(pp.pp_mask_crop(m, rect(t).at, r.at), r);
  }
  const o = defaults(pp.pp_component_options_default, 'pp_component_options');
  o.set('connectivity', connectivity(t));
  o.set('order', t.next() === 'largest' ? CONST.PP_ORDER_LARGEST_FIRST : CONST.PP_ORDER_POSITION);
  o.set('min_pixels', t.big());
  const n = out('uintptr_t');
  if (kind === 'component_counts') {
    let s = pp.pp_mask_component_counts(m, o.at, 0, 0, n.at);
    if (s) return error(s);
    const list = alloc(8 * (n.get() + 1), 8);
    s = pp.pp_mask_component_counts(m, o.at, list, n.get(), n.at);
    if (s) return error(s);
    const words = [`${n.get()}`];
    for (let i = 0; i < n.get(); i++) words.push(`${view().getBigUint64(list + 8 * i, true)}`);
    return words.join(' ');
  }
  const components = out('uint32_t');
  let s = pp.pp_mask_component_labels(m, o.at, 0, 0, n.at, components.at);
  if (s) return error(s);
  const list = alloc(4 * (n.get() + 1), 4);
  s = pp.pp_mask_component_labels(m, o.at, list, n.get(), n.at, components.at);
  if (s) return error(s);
  const words = [`${components.get()}`];
  for (let i = 0; i < n.get(); i++) words.push(`${view().getUint32(list + 4 * i, true)}`);
  return words.join(' ');
}

// `from_pixels` and `from_color_range`: the bytes copied into the arena.
function pixelsCase(kind, t) {
  const format = { rgba8: CONST.PP_FORMAT_RGBA8, bgra8: CONST.PP_FORMAT_BGRA8, argb8: CONST.PP_FORMAT_ARGB8,
    abgr8: CONST.PP_FORMAT_ABGR8, a8: CONST.PP_FORMAT_A8 }[t.next()];
  if (format === undefined) throw new Error('unknown pixel format');
  const w = t.int(), h = t.int(), stride = t.int(), r = out('uint32_t');
  const bytes = (hex) => {
    if (hex === '-') return [0, 0];
    const n = hex.length / 2, at = alloc(n, 1), mem = new Uint8Array(memory.buffer);
    for (let i = 0; i < n; i++) mem[at + i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    return [at, n];
  };
  if (kind === 'from_pixels') {
    const o = defaults(pp.pp_mask_options_default, 'pp_mask_options');
    for (const f of ['threshold', 'flip_x', 'flip_y', 'has_color_key']) o.set(f, t.int());
    const key = o.at + o.field('color_key').offset;
    for (let i = 0; i < 3; i++) view().setUint8(key + i, t.int());
    o.set('has_region', t.int());
    const region = rect(t);
    new Uint8Array(memory.buffer).copyWithin(o.at + o.field('region').offset, region.at, region.at + region.layout.size);
    const [data, len] = bytes(t.next());
    return newMask(pp.pp_mask_from_pixels(data, len, format, w, h, stride, o.at, r.at), r);
  }
  const range = new Struct('pp_color_range');
  for (const end of ['min', 'max']) {
    const c = range.get(end);
    for (const f of ['r', 'g', 'b', 'a']) c.set(f, t.int());
  }
  const [data, len] = bytes(t.next());
  return newMask(pp.pp_mask_from_color_range(data, len, format, w, h, stride, range.at, r.at), r);
}

function worldHashCase(kind, t) {
  const h = out('uint64_t');
  const s = pp.pp_world_hash(world(t), h.at);
  return s ? error(s) : h.get().toString(16).padStart(16, '0');
}

// `normal_degrees <nx> <ny>`: pp_normal goes by value, which the wasm32 C ABI passes
// through a pointer to a copy.
function normalDegreesCase(kind, t) {
  const n = new Struct('pp_normal');
  n.set('x', t.float());
  n.set('y', t.float());
  return hex(pp.pp_normal_degrees(n.at));
}

function outlineCase(kind, t) {
  const m = t.mask(), every = t.int(), n = out('uintptr_t');
  let s = pp.pp_mask_outline(m, every, 0, 0, n.at);
  if (s) return error(s);
  const size = layouts.pp_vertex.size, path = alloc(size * (n.get() + 1), 4);
  s = pp.pp_mask_outline(m, every, path, n.get(), n.at);
  if (s) return error(s);
  const words = [`${n.get()}`];
  for (let i = 0; i < n.get(); i++) {
    const v = new Struct('pp_vertex', path + i * size);
    words.push(v.get('x'), v.get('y'));
  }
  return words.join(' ');
}

// `clear`, `touching cx cy N` or `hit step steps ax ay lx ly cx cy N`.
function sweepText(r) {
  const n = normal(r.get('has_normal'), r.get('normal'));
  switch (r.get('outcome')) {
    case CONST.PP_SWEEP_CLEAR: return 'clear';
    case CONST.PP_SWEEP_STARTS_TOUCHING: return `touching ${point(r.get('contact'))} ${n}`;
    default:
      return `hit ${r.get('step')} ${r.get('steps')} ${point(r.get('at'))} ${point(r.get('last_free'))} `
        + `${point(r.get('contact'))} ${n}`;
  }
}

// `px py step distance N`.
const rayText = (h) => `${point(h.get('pixel'))} ${h.get('step')} ${hex(h.get('distance'))} ${normal(h.get('has_normal'), h.get('normal'))}`;

function sweepCase(t) {
  const a = t.sprite(), b = t.sprite(), dx = t.int(), dy = t.int();
  const r = new Struct('pp_sweep_result');
  const s = pp.pp_sweep(a.at, b.at, dx, dy, r.at);
  return s ? error(s) : sweepText(r);
}

function normalCase(t) {
  const a = t.sprite(), b = t.sprite();
  const found = out('uint8_t'), n = new Struct('pp_normal');
  const s = pp.pp_contact_normal(a.at, b.at, found.at, n.at);
  return s ? error(s) : found.get() ? normal(1, n) : 'none';
}

function pushCase(t) {
  const a = t.sprite(), b = t.sprite();
  const o = defaults(pp.pp_push_options_default, 'pp_push_options');
  const dir = t.next();
  o.set('direction', { any: CONST.PP_PUSH_ANY, horizontal: CONST.PP_PUSH_HORIZONTAL,
    vertical: CONST.PP_PUSH_VERTICAL }[dir] ?? CONST.PP_PUSH_ALONG);
  o.set('along_x', t.int());
  o.set('along_y', t.int());
  o.set('max_distance', t.int());
  const found = out('uint8_t'), off = new Struct('pp_offset');
  const s = pp.pp_push_out(a.at, b.at, o.at, found.at, off.at);
  return s ? error(s) : found.get() ? `${off.get('dx')} ${off.get('dy')}` : 'none';
}

function rayCase(t) {
  const sp = t.sprite(), x = t.int(), y = t.int(), dx = t.int(), dy = t.int(), len = t.int();
  const found = out('uint8_t'), h = new Struct('pp_ray_hit');
  const s = pp.pp_raycast(sp.at, x, y, dx, dy, len, found.at, h.at);
  if (s) return error(s);
  if (!found.get()) return 'none';
  return rayText(h);
}

function rasteriseCase(t) {
  const m = t.mask(), tr = t.transform(), boundsOnly = t.int();
  const r = out('uint32_t'), x = out('int32_t'), y = out('int32_t');
  const s = pp.pp_mask_rasterise(m, tr.at, boundsOnly, r.at, x.at, y.at);
  if (s) return error(s);
  const text = `${x.get()} ${y.get()} ${maskText(r.get())}`;
  pp.pp_mask_free(r.get());
  return text;
}

function transformedCase(kind, t) {
  const a = t.mask(), ta = t.transform(), b = t.mask(), tb = t.transform();
  if (kind === 'transformed_collides') {
    const o = out('uint8_t');
    const s = pp.pp_transformed_collides(a, ta.at, b, tb.at, o.at);
    return s ? error(s) : `${o.get()}`;
  }
  if (kind === 'transformed_first_contact') {
    const found = out('uint8_t'), p = new Struct('pp_point');
    const s = pp.pp_transformed_first_contact(a, ta.at, b, tb.at, found.at, p.at);
    return s ? error(s) : found.get() ? point(p) : 'none';
  }
  const area = out('uint64_t');
  const s = pp.pp_transformed_overlap_area(a, ta.at, b, tb.at, area.at);
  return s ? error(s) : `${area.get()}`;
}

// World sequences: worlds by name, bodies by label (ids kept as the library made them).
const worlds = new Map();
const bodies = new Map(); // label -> pp_body_id bytes (a copy in the arena's permanent part)
const bodyKey = (id) => `${id.get('index')}/${id.get('generation')}/${id.get('world')}`;
const labels = new Map(); // bodyKey -> label

function world(t) {
  const name = t.next();
  if (!worlds.has(name)) throw new Error(`no world ${name}`);
  return worlds.get(name);
}
function body(t) {
  const label = t.next();
  if (!bodies.has(label)) throw new Error(`no body ${label}`);
  const id = new Struct('pp_body_id');
  new Uint8Array(memory.buffer, id.at, id.layout.size).set(bodies.get(label));
  return id;
}
function pairs(base, count) {
  const size = layouts.pp_pair.size, words = [`${count}`];
  for (let i = 0; i < count; i++) {
    const p = new Struct('pp_pair', base + i * size);
    for (const side of ['a', 'b']) words.push(labels.get(bodyKey(p.get(side))) ?? '(unlabelled body)');
  }
  return words.join(' ');
}

function worldCase(kind, t) {
  let s = 0;
  if (kind === 'world_new') {
    const name = t.next(), w = out('uint32_t');
    if (worlds.has(name)) pp.pp_world_free(worlds.get(name));
    s = pp.pp_world_new(w.at);
    if (!s) worlds.set(name, w.get());
  } else if (kind === 'world_create') {
    const w = world(t), label = t.next();
    const def = defaults(pp.pp_body_def_default, 'pp_body_def');
    def.set('mask', t.mask());
    def.set('x', t.int());
    def.set('y', t.int());
    def.set('pixel_collision', t.int());
    def.set('is_static', t.int());
    const f = t.filter();
    new Uint8Array(memory.buffer).copyWithin(def.at + def.field('filter').offset, f.at, f.at + f.layout.size);
    const id = new Struct('pp_body_id');
    s = pp.pp_world_create_body(w, def.at, id.at);
    if (!s) {
      const bytes = new Uint8Array(memory.buffer, id.at, id.layout.size).slice();
      bodies.set(label, bytes);
      labels.set(bodyKey(id), label);
    }
  } else if (kind === 'world_move') {
    const w = world(t), id = body(t);
    s = pp.pp_world_move_body(w, id.at, t.int(), t.int());
  } else if (kind === 'world_destroy') {
    const w = world(t);
    s = pp.pp_world_destroy_body(w, body(t).at);
  } else if (kind === 'world_set_mask') {
    const w = world(t), id = body(t);
    s = pp.pp_world_set_mask(w, id.at, t.mask());
  } else if (kind === 'world_update') {
    const e = new Struct('pp_world_events');
    s = pp.pp_world_update(world(t), e.at);
    if (!s) {
      return `pairs ${pairs(e.get('touching'), e.get('touching_count'))} begins ${pairs(e.get('begins'), e.get('begin_count'))} `
        + `ends ${pairs(e.get('ends'), e.get('end_count'))}`;
    }
  } else {
    const w = world(t), rect = new Struct('pp_bounds');
    for (const f of ['x', 'y', 'width', 'height']) rect.set(f, t.int());
    const f = t.filter(), n = out('uintptr_t');
    s = pp.pp_world_in_rect(w, rect.at, f.at, 0, 0, n.at);
    if (!s) {
      const count = n.get(), size = layouts.pp_body_id.size, found = alloc(size * (count + 1), 4);
      s = pp.pp_world_in_rect(w, rect.at, f.at, found, count, n.at);
      if (!s) {
        const words = [`${n.get()}`];
        for (let i = 0; i < n.get(); i++) words.push(labels.get(bodyKey(new Struct('pp_body_id', found + i * size))) ?? '(unlabelled body)');
        return words.join(' ');
      }
    }
  }
  return s ? error(s) : 'ok';
}

const labelOf = (id) => labels.get(bodyKey(id)) ?? '(unlabelled body)';
const setStruct = (s, f, v) => new Uint8Array(memory.buffer).copyWithin(s.at + s.field(f).offset, v.at, v.at + v.layout.size);

// `<n> <label>...` through a body list query of the buffer convention: `call(buf, len, n)`.
function bodyList(call) {
  const n = out('uintptr_t');
  let s = call(0, 0, n.at);
  if (s) return error(s);
  const count = n.get(), size = layouts.pp_body_id.size, found = alloc(size * (count + 1), 4);
  s = call(found, count, n.at);
  if (s) return error(s);
  const words = [`${n.get()}`];
  for (let i = 0; i < n.get(); i++) words.push(labelOf(new Struct('pp_body_id', found + i * size)));
  return words.join(' ');
}

// The world kinds beyond create, move, destroy, set_mask, update and in_rect (FORMAT.md,
// "World sequences: transforms, filters, batches, queries").
function worldKindCase(kind, t) {
  let s = 0;
  const w = world(t);
  if (kind === 'world_create_transformed') {
    const label = t.next();
    const def = defaults(pp.pp_body_def_default, 'pp_body_def');
    def.set('mask', t.mask());
    def.set('transformed', 1);
    setStruct(def, 'transform', t.transform());
    def.set('pixel_collision', t.int());
    def.set('is_static', t.int());
    setStruct(def, 'filter', t.filter());
    const id = new Struct('pp_body_id');
    s = pp.pp_world_create_body(w, def.at, id.at);
    if (!s) {
      bodies.set(label, new Uint8Array(memory.buffer, id.at, id.layout.size).slice());
      labels.set(bodyKey(id), label);
    }
  } else if (kind === 'world_set_transform') {
    const id = body(t);
    s = pp.pp_world_set_transform(w, id.at, t.transform().at);
  } else if (kind === 'world_set_filter') {
    const id = body(t);
    s = pp.pp_world_set_filter(w, id.at, t.filter().at);
  } else if (kind === 'world_move_bodies') {
    const n = t.int(), idSize = layouts.pp_body_id.size, posSize = layouts.pp_position.size;
    const ids = alloc(idSize * (n + 1), 4), at = alloc(posSize * (n + 1), 4);
    for (let i = 0; i < n; i++) {
      const id = body(t);
      new Uint8Array(memory.buffer).copyWithin(ids + i * idSize, id.at, id.at + idSize);
      const p = new Struct('pp_position', at + i * posSize);
      p.set('x', t.int());
      p.set('y', t.int());
    }
    s = pp.pp_world_move_bodies(w, n ? ids : 0, n ? at : 0, n);
  } else if (kind === 'world_at_point') {
    const x = t.big(), y = t.big(), f = t.filter();
    return bodyList((buf, len, n) => pp.pp_world_at_point(w, x, y, f.at, buf, len, n));
  } else if (kind === 'world_overlapping') {
    const probe = t.sprite(), f = t.filter();
    return bodyList((buf, len, n) => pp.pp_world_overlapping(w, probe.at, f.at, buf, len, n));
  } else if (kind === 'world_raycast') {
    const x = t.int(), y = t.int(), dx = t.int(), dy = t.int(), len = t.int(), f = t.filter();
    const found = out('uint8_t'), id = new Struct('pp_body_id'), h = new Struct('pp_ray_hit');
    s = pp.pp_world_raycast(w, x, y, dx, dy, len, f.at, found.at, id.at, h.at);
    if (!s) return found.get() ? `${labelOf(id)} ${rayText(h)}` : 'none';
  } else if (kind === 'world_sweep') {
    const id = body(t), dx = t.int(), dy = t.int();
    const found = out('uint8_t'), other = new Struct('pp_body_id'), r = new Struct('pp_sweep_result');
    s = pp.pp_world_sweep(w, id.at, dx, dy, found.at, other.at, r.at);
    if (!s) return found.get() ? `${labelOf(other)} ${sweepText(r)}` : sweepText(r);
  } else if (kind === 'world_contact') {
    const pair = new Struct('pp_pair');
    setStruct(pair, 'a', body(t));
    setStruct(pair, 'b', body(t));
    const c = new Struct('pp_contact');
    s = pp.pp_world_contact(w, pair.at, t.int(), c.at);
    if (!s) {
      const first = c.get('touching') ? point(c.get('first_contact')) : 'none';
      const push = c.get('has_push_out') ? `${c.get('push_out').get('dx')} ${c.get('push_out').get('dy')}` : '-';
      return `${first} ${c.get('area')} ${normal(c.get('has_normal'), c.get('normal'))} ${push}`;
    }
  } else if (kind === 'world_body') {
    const id = body(t), info = new Struct('pp_body_info'), m = out('uint32_t');
    s = pp.pp_world_body(w, id.at, info.at);
    if (!s) s = pp.pp_world_body_mask(w, id.at, m.at);
    if (!s) {
      const sp = info.get('sprite'), f = info.get('filter');
      const text = `${sp.get('x')} ${sp.get('y')} ${sp.get('pixel_collision')} ${info.get('is_static')} `
        + `${f.get('category')} ${f.get('mask')} ${f.get('group')} ${maskText(m.get())}`;
      pp.pp_mask_free(m.get());
      return text;
    }
  } else {
    throw new Error(`unknown kind "${kind}"`);
  }
  return s ? error(s) : 'ok';
}

const KINDS = {
  collides: pairCase, first_contact: pairCase, overlap_area: pairCase, overlap_mask: pairCase,
  sweep: (k, t) => sweepCase(t), contact_normal: (k, t) => normalCase(t), push_out: (k, t) => pushCase(t),
  raycast: (k, t) => rayCase(t), rasterise: (k, t) => rasteriseCase(t),
  transformed_collides: transformedCase, transformed_first_contact: transformedCase,
  transformed_overlap_area: transformedCase,
  world_new: worldCase, world_create: worldCase, world_move: worldCase, world_destroy: worldCase,
  world_set_mask: worldCase, world_update: worldCase, world_in_rect: worldCase,
  mask_collides: offsetCase, mask_first_contact: offsetCase, mask_overlap_area: offsetCase,
  mask_overlap_mask: offsetCase, move_and_slide: (k, t) => slideCase(t),
  centroid: shapeCase, angle: shapeCase, component_bounds: shapeCase, largest_component: shapeCase,
  grow: shapeCase, shrink: shapeCase, scale: shapeCase, convolve: shapeCase,
  world_create_transformed: worldKindCase, world_set_transform: worldKindCase,
  world_set_filter: worldKindCase, world_move_bodies: worldKindCase, world_at_point: worldKindCase,
  world_overlapping: worldKindCase, world_raycast: worldKindCase, world_sweep: worldKindCase,
  world_contact: worldKindCase, world_body: worldKindCase,
  flip: reshapeEditCase, rotate_quarter: reshapeEditCase, transpose: reshapeEditCase,
  scale_integer: reshapeEditCase, set_pixel: reshapeEditCase, fill_rect: reshapeEditCase,
  fill_circle: reshapeEditCase, fill_ellipse: reshapeEditCase, draw_line: reshapeEditCase,
  draw: reshapeEditCase, erase: reshapeEditCase, intersect: reshapeEditCase, xor: reshapeEditCase,
  invert: reshapeEditCase, count: reshapeEditCase, solid_bounds: reshapeEditCase,
  mask_hash: reshapeEditCase, component_at: reshapeEditCase, polygons: polygonsCase,
  crop: cropLabelCase, component_counts: cropLabelCase, component_labels: cropLabelCase,
  from_pixels: pixelsCase, from_color_range: pixelsCase, world_hash: worldHashCase,
  outline: outlineCase,
  normal_degrees: normalDegreesCase,
};

// ---- the run ---------------------------------------------------------------------------------

const lines = readFileSync(corpusPath, 'utf8').split('\n');
let failed = 0, cases = 0;
const counts = Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0]));
if (lines[0] !== 'perpixel-corpus 1') {
  console.log(`FAIL the corpus's first line is "${lines[0]}", not "perpixel-corpus 1"`);
  process.exit(1);
}
const permanent = top; // the arena below this holds nothing per case
for (let i = 1; i < lines.length; i++) {
  const line = lines[i];
  if (line === '' || line.startsWith('#')) continue;
  top = permanent;
  try {
    if (line.startsWith('mask ')) {
      declareMask(new Tokens(line.slice(5).split(' ')));
      continue;
    }
    const arrow = line.indexOf(' -> ');
    if (arrow < 0) throw new Error('no " -> "');
    const [kind, ...inputs] = line.slice(0, arrow).split(' ');
    const expected = line.slice(arrow + 4);
    if (!KINDS[kind]) throw new Error(`unknown kind "${kind}"`);
    const t = new Tokens(inputs);
    const got = KINDS[kind](kind, t);
    if (!t.done()) throw new Error('inputs left over');
    cases++;
    counts[kind]++;
    if (got !== expected) {
      failed++;
      console.log(`FAIL line ${i + 1}: ${line.slice(0, arrow)}\n  expected: ${expected}\n  got:      ${got}`);
    }
  } catch (e) {
    failed++;
    console.log(`FAIL line ${i + 1}: ${e.message}: ${line.slice(0, 200)}`);
  }
}
for (const [k, n] of Object.entries(counts)) {
  console.log(`${k}: ${n} cases`);
  if (n === 0) { console.log(`FAIL no case of ${k}`); failed++; }
}
console.log(`${cases} cases replayed through the C ABI on wasm32 (Node ${process.version}): ${cases - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

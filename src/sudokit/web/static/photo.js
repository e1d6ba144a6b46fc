// A photo of a printed puzzle: scaled down in the browser to what one request may carry,
// read by the server, and shown with the reading drawn over it (the digits where the grid's
// cells are, the doubtful ones marked) so that the player can check and correct it.

const SVG = "http://www.w3.org/2000/svg";
// a request's body is at most 64 KiB; base64 makes 3 bytes 4
const MOST = 60000;

function blobOf(canvas, quality) {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

function base64Of(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

// The photo as JPEGs small enough to send, largest first: {base64, url, width, height}
// each (grey, so that the bytes go to the detail). The reader may misread one scale of a
// noisy photo and not another, so the caller can try a few.
export async function* photoVersions(file) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`${file.name} is not a picture this browser can open`);
  }
  const canvas = document.createElement("canvas");
  let any = false;
  for (const side of [1000, 840, 720, 600, 520, 440]) {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && any) continue;
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext("2d");
    context.filter = "grayscale(1)";
    context.imageSmoothingQuality = "high"; // the grid's thin lines survive the scaling
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.55, 0.4]) { // detail first: a larger scale reads better
      const blob = await blobOf(canvas, quality);
      if (blob && (blob.size * 4) / 3 < MOST) {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        any = true;
        yield { base64: base64Of(bytes), url: URL.createObjectURL(blob), width: canvas.width, height: canvas.height };
        break;
      }
    }
  }
  if (!any) throw new Error(`${file.name} is too large to send, even scaled down`);
}

function shape(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// A point of the grid in the photo, (u, v) from 0 to 1 across and down its four corners.
function at(corners, u, v) {
  const [tl, tr, br, bl] = corners;
  const top = [tl[0] + (tr[0] - tl[0]) * u, tl[1] + (tr[1] - tl[1]) * u];
  const bottom = [bl[0] + (br[0] - bl[0]) * u, bl[1] + (br[1] - bl[1]) * u];
  return [top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v];
}

// Draw the reading (the server's answer to read) over the photo: the grid's outline, each
// digit read beside where it was printed, the doubtful cells ringed.
export function drawReading(svg, reading, photo, symbols) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${photo.width} ${photo.height}`);
  const corners = reading.corners;
  const n = reading.size;
  svg.append(shape("polygon", { points: corners.map((p) => p.join(",")).join(" "), class: "outline" }));
  const side = Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / n;
  const doubtful = new Set(reading.doubtful);
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    const name = `r${r + 1}c${c + 1}`;
    const [x, y] = at(corners, (c + 0.5) / n, (r + 0.5) / n);
    if (doubtful.has(name)) svg.append(shape("circle", { cx: x, cy: y, r: side * 0.45, class: "doubt" }));
    const digit = reading.cells[i];
    if (!digit) continue;
    // the digit read, small, in the cell's top right corner: the printed one stays in sight
    const [tx, ty] = at(corners, (c + 0.82) / n, (r + 0.3) / n);
    svg.append(shape("text", { x: tx, y: ty, "font-size": side * 0.42, class: doubtful.has(name) ? "read doubt" : "read" },
      symbols[digit - 1]));
  }
}

// The reading of a photo by the server (`call`), tried at a few scales: the first with one
// solution, or after three tries the one with the fewest doubts. {data, photo}.
export async function bestReading(file, call) {
  let best = null;
  let tries = 0;
  for await (const version of photoVersions(file)) {
    const reading = await call("read", { photo_base64: version.base64 });
    const better = !best || (reading.trusted && !best.data.trusted) ||
      (reading.trusted === best.data.trusted && reading.unique && !best.data.unique) ||
      (reading.trusted === best.data.trusted && reading.unique === best.data.unique &&
       reading.doubtful.length < best.data.doubtful.length);
    if (better) {
      if (best) URL.revokeObjectURL(best.photo.url);
      best = { data: reading, photo: version };
    } else URL.revokeObjectURL(version.url);
    if (best.data.trusted || ++tries >= 3) break;
  }
  return best;
}

// Show the photo with its reading over it, under the board.
export function showReading(data, photo, symbols) {
  const img = document.getElementById("photo-img");
  const old = img.src;
  img.src = photo.url;
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  drawReading(document.getElementById("photo-overlay"), data, photo, symbols);
  const review = document.getElementById("photo-review");
  review.hidden = false;
  review.dataset.unique = String(data.unique);
  review.dataset.distrust = (data.distrust || []).join("; ");
  document.getElementById("photo-changes").textContent = changesText(data.changes || []);
}

// The cells the solver's check changed in the reading, as the command line says them.
export function changesText(changes) {
  if (!changes.length) return "";
  const each = changes.map((ch) =>
    `${ch.cell}: ${ch.from || "."} -> ${ch.to || "."} (${ch.to || "blank"} at ${Math.round(ch.probability * 100)}%)`);
  return `Changed by the solver's check: ${each.join(", ")}.`;
}

// What the player is asked to do with a reading.
export function doubtText(doubts, unique, distrust = "") {
  const what = doubts ? `${doubts} cell${doubts === 1 ? "" : "s"} read in doubt (ringed): check ${doubts === 1 ? "it" : "them"}` :
    "Check the digits";
  const single = unique ? "" : " The reading has no single solution as it stands.";
  const doubted = distrust ? ` Not to be trusted: ${distrust}.` : "";
  return `${what} against the photo, type over any digit misread, then play.${single}${doubted}`;
}

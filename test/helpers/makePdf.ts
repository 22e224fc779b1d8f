/**
 * A minimal PDF writer for test fixtures: pages with a Helvetica text layer and/or one JPEG drawn
 * full-page (a "scan"). Hand-written because forty lines avoid a dev dependency every branch's
 * lockfile would carry.
 */
export interface PdfPage {
  /** Text lines, top to bottom (ASCII). */
  lines?: string[];
  /** A JPEG drawn over the whole page, as a scanner produces. */
  jpeg?: { data: Buffer; width: number; height: number };
  /** Extra bytes carried in an unused stream (to make large files). */
  padding?: Buffer;
  /** The page's content stream as given, already encoded with `filter` (e.g. "/FlateDecode"). */
  contents?: { data: Buffer; filter: string };
}

const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** Builds a PDF of US-letter pages. */
export function makePdf(pages: PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body);
    return objects.length;
  };
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
      data,
      Buffer.from("\nendstream", "latin1"),
    ]);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add("PAGES"); // placeholder, filled below
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const p of pages) {
    let content = "";
    let xobj = "";
    if (p.jpeg) {
      const img = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${p.jpeg.width} /Height ${p.jpeg.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
          p.jpeg.data,
        ),
      );
      xobj = `/XObject << /Im0 ${img} 0 R >>`;
      content += "q 612 0 0 792 0 0 cm /Im0 Do Q\n";
    }
    if (p.lines?.length) {
      content += `BT /F1 12 Tf 16 TL 54 740 Td\n${p.lines.map((l) => `(${esc(l)}) Tj T*`).join("\n")}\nET\n`;
    }
    if (p.padding) add(stream("", p.padding));
    const c = p.contents
      ? add(stream(`/Filter ${p.contents.filter}`, p.contents.data))
      : add(stream("", Buffer.from(content, "latin1")));
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> ${xobj} >> /Contents ${c} 0 R >>`,
      ),
    );
  }
  objects[1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`,
    "latin1",
  );
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

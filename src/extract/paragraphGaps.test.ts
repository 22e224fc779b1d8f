import { describe, expect, it } from "vitest";
import { readOcrLines, type OcrLine } from "./ocrText.ts";
import { paragraphGaps } from "./paragraphGaps.ts";

// A magazine's method as tesseract read one photo of it (boxes kept, words made up): five steps set
// a little apart, read as one paragraph, over a list whose items stand as far apart as the steps.
const line = (text: string, y0: number, y1: number, x1: number, height: number, end = true): OcrLine => {
  const ws = text.split(" ");
  const step = (x1 - 130) / ws.length;
  return {
    words: ws.map((w) => ({ text: w, confidence: 93 })),
    paragraphEnd: end,
    box: { x0: 130, x1, y0, y1 },
    wordBoxes: ws.map((_, i) => ({ x0: 130 + i * step, x1: 130 + (i + 1) * step - 12 })),
    textHeight: height,
  };
};

describe("paragraphGaps", () => {
  it("parts steps set apart inside one of tesseract's paragraphs, when a text's paragraphs are mostly one line", () => {
    const read = readOcrLines([
      line("Egg Toast", 91, 150, 991, 67),
      line("Serves 1 · Total 7 min", 165, 196, 434, 26),
      line("INGREDIENTS", 253, 282, 373, 29),
      line("1 slice country bread", 299, 340, 607, 34),
      line("30 g fresh cheese", 344, 380, 390, 34),
      line("80 g ratatouille", 391, 423, 349, 28),
      line("1 egg", 437, 463, 216, 26),
      line("1 handful salad leaves", 483, 522, 512, 34),
      line("METHOD", 571, 598, 282, 27),
      line(
        "Boil the eggs for 6 minutes in a pan of boiling water. Once cooked, plunge them",
        617,
        682,
        1489,
        43,
        false,
      ),
      line("into cold water to stop the cooking. Peel them gently. Set aside.", 661, 725, 1367, 43, false),
      line("Meanwhile, warm the ratatouille in a pan or the microwave. Stir.", 742, 799, 1311, 34, false),
      line("Toast the slices of bread in a toaster or a pan.", 822, 871, 957, 34, false),
      line("Spread the slices with the cheese, then add the ratatouille on top.", 902, 962, 1256, 42, false),
      line(
        "Serve the toasts with a green salad and the soft egg on top. Salt, pepper and add a dash",
        985,
        1042,
        1476,
        32,
        false,
      ),
      line("of olive oil. Ready!", 1029, 1068, 471, 32),
    ]);
    const method = read.text.split("METHOD")[1]!.split("\n").filter(Boolean);
    expect(method).toEqual([
      "Boil the eggs for 6 minutes in a pan of boiling water. Once cooked, plunge them into cold water to stop the cooking. Peel them gently. Set aside.",
      "Meanwhile, warm the ratatouille in a pan or the microwave. Stir.",
      "Toast the slices of bread in a toaster or a pan.",
      "Spread the slices with the cheese, then add the ratatouille on top.",
      "Serve the toasts with a green salad and the soft egg on top. Salt, pepper and add a dash of olive oil. Ready!",
    ]);
  });

  it("keeps evenly spaced lines of one paragraph together", () => {
    const read = readOcrLines([
      line(
        "Boil the eggs for 6 minutes in a pan of boiling water. Once cooked, plunge them",
        617,
        660,
        1489,
        43,
        false,
      ),
      line(
        "into cold water to stop the cooking, then peel them gently and keep them warm",
        661,
        704,
        1480,
        43,
        false,
      ),
      line("until the toast is ready.", 705, 748, 600, 43),
    ]);
    expect(read.text.split("\n").filter(Boolean)).toHaveLength(1);
  });

  it("keeps a step whose lines' boxes differ in height together (a tall box is no wider spacing)", () => {
    const step = [
      line("5. Heat the milk in a pot until it simmers. When the milk", 1000, 1027, 1400, 27, false),
      line("simmers, add the chopped chocolate and whisk vigorously.", 1030, 1069, 1380, 39, false),
      line("You want to mix in the chocolate, but also create some froth.", 1078, 1103, 1420, 24, false),
      line("You could also use a molinillo to create froth if you have one.", 1118, 1141, 1430, 24),
    ];
    // Over a list whose lines stand as far apart for their letters.
    const list = [0, 1, 2, 3, 4].map((k) => line(`${k + 1} cups milk`, 800 + 37 * k, 828 + 37 * k, 500, 28));
    expect([...paragraphGaps([...list, ...step])].filter((l) => step.includes(l))).toEqual([]);
  });
});

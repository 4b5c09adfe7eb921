/** An exported image as a file: a standalone SVG drawn into a PNG, and a download of either. */

/** PNG exports are drawn at twice their CSS size, for slides and high-density screens. */
export const PNG_SCALE = 2;

/** Rasterises a standalone SVG at `scale` times its size, on white. */
export async function svgToPng(svgText: string, scale = PNG_SCALE): Promise<Blob> {
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svgText], {type: "image/svg+xml"}));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("this browser gave no 2D canvas");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the canvas produced no PNG"))), "image/png")
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

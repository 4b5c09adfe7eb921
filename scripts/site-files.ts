import {readdirSync} from "node:fs";
import {join} from "node:path";

/** Every file under a folder, as paths relative to it, sorted. */
export function listFiles(root: string, folder = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), {withFileTypes: true})) {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(root, path));
    else files.push(path);
  }
  return files.sort();
}

/** The built pages: every HTML file except Framework's 404 page. */
export function listPages(distDir: string): string[] {
  return listFiles(distDir).filter((file) => file.endsWith(".html") && file !== "404.html");
}

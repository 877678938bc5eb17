// Is the motion of the face landmarks between two frames explained by one plane moving? A flat photo
// tilted or turned in front of the camera maps its points by a homography (a 3×3 projective
// transform) exactly; a real head turning has depth (the nose moves across the cheeks), which no
// homography reproduces. The residual is normalized by the eye distance so it does not depend on scale.

export type Point = [number, number];

/** RMS residual of the best homography from `a` to `b`, in eye distances of `a`. */
export function homographyResidual(a: Point[], b: Point[], eyeDistance: number): number {
  const na = normalize(a);
  const nb = normalize(b);
  const h = fitHomography(na.points, nb.points);
  if (!h) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = na.points[i] as Point;
    const w = (h[6] as number) * x + (h[7] as number) * y + 1;
    const px = ((h[0] as number) * x + (h[1] as number) * y + (h[2] as number)) / w;
    const py = ((h[3] as number) * x + (h[4] as number) * y + (h[5] as number)) / w;
    const [qx, qy] = nb.points[i] as Point;
    // Back to b's pixels, then to a's eye distances.
    sum += ((px - qx) ** 2 + (py - qy) ** 2) * nb.scale ** 2;
  }
  return Math.sqrt(sum / a.length) / Math.max(eyeDistance, 1e-6);
}

/** Centre and scale points to unit RMS radius (Hartley normalization) for a well-conditioned fit. */
function normalize(points: Point[]): { points: Point[]; scale: number } {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  const scale =
    Math.sqrt(points.reduce((s, p) => s + (p[0] - cx) ** 2 + (p[1] - cy) ** 2, 0) / points.length) || 1;
  return { points: points.map((p) => [(p[0] - cx) / scale, (p[1] - cy) / scale]), scale };
}

/** Least-squares homography with h33 = 1 (8 unknowns, two equations per point). */
function fitHomography(a: Point[], b: Point[]): number[] | null {
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  for (let i = 0; i < a.length; i++) {
    const [x, y] = a[i] as Point;
    const [u, v] = b[i] as Point;
    const rows: [number[], number][] = [
      [[x, y, 1, 0, 0, 0, -u * x, -u * y], u],
      [[0, 0, 0, x, y, 1, -v * x, -v * y], v],
    ];
    for (const [row, rhs] of rows) {
      for (let r = 0; r < 8; r++) {
        atb[r] = (atb[r] as number) + (row[r] as number) * rhs;
        for (let c = 0; c < 8; c++)
          (ata[r] as number[])[c] =
            ((ata[r] as number[])[c] as number) + (row[r] as number) * (row[c] as number);
      }
    }
  }
  return solveLinear(ata, atb);
}

/** Gauss–Jordan elimination with partial pivoting; null when the system is singular. */
export function solveLinear(matrix: number[][], rhs: number[]): number[] | null {
  const n = rhs.length;
  const m = matrix.map((row, i) => [...row, rhs[i] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[col] as number) > Math.abs((m[pivot] as number[])[col] as number))
        pivot = r;
    if (Math.abs((m[pivot] as number[])[col] as number) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const row = m[col] as number[];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const target = m[r] as number[];
      const factor = (target[col] as number) / (row[col] as number);
      for (let c = col; c <= n; c++) target[c] = (target[c] as number) - factor * (row[c] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

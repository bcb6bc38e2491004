import { NextResponse } from 'next/server';

/** A CSV file as a download named `filename`, never kept by a cache (it holds a PSU's payments or bank calls). */
export function csvResponse(csv: string, filename: string): NextResponse {
  return new NextResponse(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}

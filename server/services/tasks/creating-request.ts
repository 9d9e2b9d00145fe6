/** Who is creating a task, and from where: what every creation check needs of the request. */
export interface CreatingRequest {
  owner: string;
  origin: string;
  requestId: string;
  traceId: string;
}

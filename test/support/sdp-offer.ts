// Video-call tests: signalling payloads as large as a real browser sends.
/** An SDP offer of a browser's size and shape (Chrome, audio and video, many codecs and candidates): about 6 KB. */
export function sdpOffer(): string {
  const lines = ["v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0"];
  for (let i = 0; i < 100; i++) lines.push(`a=rtpmap:${96 + i} VP8/90000`, `a=rtcp-fb:${96 + i} nack pli`);
  for (let i = 0; i < 20; i++)
    lines.push(`a=candidate:${i} 1 udp 2122260223 192.168.1.${i} ${50000 + i} typ host generation 0`);
  return lines.join("\r\n");
}

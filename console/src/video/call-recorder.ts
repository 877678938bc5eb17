// The call's recording, made here rather than on the server (issue 17; see the module README): both parties'
// video side by side on a canvas and both voices mixed through Web Audio, recorded by MediaRecorder as WebM in
// 2-second slices, each uploaded as it comes with its index (retried), so a closed tab loses at most the
// slices not yet sent — and the server, missing them, marks the recording failed.

const SLICE_MS = 2000;
const FRAME_MS = 1000 / 15;
const WIDTH = 640;
const HEIGHT = 480;

function hiddenVideo(stream: MediaStream): HTMLVideoElement {
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => undefined);
  return video;
}

export class CallRecorder {
  private readonly canvas = document.createElement("canvas");
  private readonly audio = new AudioContext();
  private readonly mix = this.audio.createMediaStreamDestination();
  private readonly local: HTMLVideoElement;
  private remote: HTMLVideoElement | null = null;
  private remoteAudio: MediaStreamAudioSourceNode | null = null;
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private uploads: Promise<void> = Promise.resolve();
  private slices = 0;
  failed = false;

  constructor(
    localStream: MediaStream,
    private readonly upload: (index: number, slice: Blob) => Promise<void>,
  ) {
    this.canvas.width = WIDTH * 2;
    this.canvas.height = HEIGHT;
    this.local = hiddenVideo(localStream);
    if (localStream.getAudioTracks().length > 0)
      this.audio.createMediaStreamSource(localStream).connect(this.mix);
  }

  setRemote(stream: MediaStream | null): void {
    this.remoteAudio?.disconnect();
    this.remoteAudio = null;
    this.remote = stream ? hiddenVideo(stream) : null;
    if (stream && stream.getAudioTracks().length > 0) {
      this.remoteAudio = this.audio.createMediaStreamSource(stream);
      this.remoteAudio.connect(this.mix);
    }
  }

  start(): void {
    if (this.recorder) return;
    void this.audio.resume();
    const context = this.canvas.getContext("2d")!;
    this.timer = setInterval(() => {
      context.fillStyle = "#000";
      context.fillRect(0, 0, WIDTH * 2, HEIGHT);
      if (this.remote) context.drawImage(this.remote, 0, 0, WIDTH, HEIGHT);
      context.drawImage(this.local, WIDTH, 0, WIDTH, HEIGHT);
    }, FRAME_MS);
    const stream = new MediaStream([
      ...this.canvas.captureStream(15).getVideoTracks(),
      ...this.mix.stream.getAudioTracks(),
    ]);
    const mimeType = MediaRecorder.isTypeSupported("video/webm;codecs=vp8,opus")
      ? "video/webm;codecs=vp8,opus"
      : "video/webm";
    this.recorder = new MediaRecorder(stream, { mimeType });
    this.recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      const index = this.slices++;
      this.uploads = this.uploads.then(() => this.send(index, event.data));
    };
    this.recorder.start(SLICE_MS);
  }

  private async send(index: number, slice: Blob): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await this.upload(index, slice);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
    this.failed = true;
  }

  /** Stops recording; resolves with the number of slices once every upload has been attempted. */
  async stop(): Promise<number> {
    const recorder = this.recorder;
    if (recorder && recorder.state !== "inactive") {
      await new Promise<void>((resolve) => {
        recorder.addEventListener("stop", () => resolve(), { once: true });
        recorder.stop();
      });
    }
    clearInterval(this.timer);
    await this.uploads;
    void this.audio.close();
    return this.slices;
  }
}

// WebVTT written on the page, for a <track>: the review page's captions and chapters in its own
// language (the server's .vtt files, api/exports/webvtt.py, stay in English for annotators).

const pad = (n, width = 2) => String(n).padStart(width, "0");

/** 3723004 -> "01:02:03.004", as WebVTT wants a time (hours always there). */
export function vttTimestamp(ms) {
  const whole = Math.max(0, Math.round(ms));
  const [hours, minutes, seconds] = [Math.floor(whole / 3_600_000), Math.floor(whole / 60_000) % 60, Math.floor(whole / 1000) % 60];
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/** A cue's text read as written: "&", "<" and ">" escaped (no tag, no "-->"), on one line (a blank
 * line would end the cue). */
function cueText(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replace(/\s*[\r\n]\s*/g, " ");
}

/** The file of `cues` ({start, end, text}, in ms), numbered in order of their start. */
export function vttFile(cues) {
  const lines = ["WEBVTT", ""];
  [...cues].sort((a, b) => a.start - b.start || a.end - b.end).forEach((cue, i) => {
    lines.push(String(i + 1), `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}`, cueText(cue.text), "");
  });
  return lines.join("\n");
}

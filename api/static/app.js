// The dashboard's entry point: tabs, language, the websocket feed and the video streams.
import { connectFeed, keepFields, on, rewordRefusals } from "/static/core.js";
import { applyLabels, getLang, onLangSwitch, setLang, switchLang } from "/static/i18n.js";
import { initLive, rewordLive } from "/static/live.js";
import { initPractice, rewordPractice } from "/static/practice.js";
import { refreshRecording } from "/static/recording.js";
import { initReferee, rewordReferee } from "/static/referee.js";
import { initStreamLabels, renderStreamLabels } from "/static/stream_labels.js";

// The server's cameras, told by its hello; none when it runs without live video (--no-live).
let videoSources = null;
// Counts the server's hellos: a new one (after a restart) reopens every MJPEG stream, whose old
// connection died with the server while the <img> kept its last picture.
let streamEpoch = 0;

const currentTab = () => document.querySelector("[data-tab][aria-selected=true]")?.dataset.tab || "referee";

function showTab(name) {
  for (const page of document.querySelectorAll(".page")) page.hidden = page.id !== `page-${name}`;
  for (const tab of document.querySelectorAll("[data-tab]")) tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  showStreams(name);
  location.hash = name;
}

/** The video of tab ``name``, the one shown. The address is left as it is: a hello coming as
 * another tab is asked for there would take the page back to this one. */
function showStreams(name) {
  // Only the visible page holds an MJPEG connection, and only once the server has said it has video.
  // Each page's picture has an address of its own: given the address of a stream another page
  // opened and let go before its first frame, chromium shows none, ever.
  for (const img of document.querySelectorAll("img[data-stream]")) {
    const streaming = videoSources?.length && !img.closest(".page").hidden;
    const url = `/api/stream/${img.dataset.source || "cam1"}.mjpg?epoch=${streamEpoch}&page=${name}`;
    if (streaming && img.getAttribute("src") !== url) img.src = url;
    if (!streaming && img.getAttribute("src")) img.removeAttribute("src");
  }
  renderStreamLabels();
}

function init() {
  // The printed address carries the token once; its cookie now opens the rest, so the token
  // leaves the address bar (and the history, and a shared screenshot).
  const query = new URLSearchParams(location.search);
  if (query.has("token")) {
    query.delete("token");
    history.replaceState(null, "", `${location.pathname}${query.size ? `?${query}` : ""}${location.hash}`);
  }
  // What sticks under the header (the referee's status bar) sticks at its real height, which
  // the language, the recording switch and the window's width change.
  const topbar = document.querySelector(".topbar");
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--topbar-height", `${topbar.getBoundingClientRect().height}px`);
  }).observe(topbar, { box: "border-box" });
  setLang(getLang());
  const offerOther = () => { document.getElementById("lang").textContent = getLang() === "es" ? "EN" : "ES"; };
  offerOther();
  // Switched here or on another page (the dashboard in another tab): this one says everything
  // anew, its forms, choices, focus, refusals shown and place on the page as they were.
  const lang = document.getElementById("lang");
  lang.onmousedown = (event) => event.preventDefault(); // the focus stays in the field being typed
  lang.onclick = () => switchLang(getLang() === "es" ? "en" : "es");
  onLangSwitch(() => {
    keepFields(document.body, () => {
      offerOther();
      rewordReferee();
      rewordLive();
      rewordPractice();
    });
    rewordRefusals();
    refreshRecording();
  });
  for (const tab of document.querySelectorAll("[data-tab]")) tab.onclick = () => showTab(tab.dataset.tab);
  on("hello", (data) => {
    videoSources = data.sources;
    streamEpoch += 1;
    for (const card of document.querySelectorAll(".card.video")) {
      card.classList.toggle("no-video", data.sources.length === 0);
      card.querySelector(".no-video-note").hidden = data.sources.length > 0;
      // one picture per camera of the table
      const first = card.querySelector("img[data-stream]");
      card.querySelectorAll("img[data-stream]:not(:first-child)").forEach((img) => img.remove());
      first.dataset.source = data.sources[0] || "cam1";
      for (const id of data.sources.slice(1)) {
        const img = first.cloneNode();
        img.removeAttribute("src");
        img.dataset.source = id;
        card.append(img);
      }
    }
    showStreams(currentTab());
  });
  initReferee();
  initLive();
  initPractice();
  initStreamLabels();
  applyLabels();
  const tabOfHash = () => {
    const wanted = location.hash.slice(1);
    return ["referee", "live", "practice"].includes(wanted) ? wanted : "referee";
  };
  window.addEventListener("hashchange", () => showTab(tabOfHash())); // Back and Forward
  showTab(tabOfHash());
  connectFeed();
}

init();

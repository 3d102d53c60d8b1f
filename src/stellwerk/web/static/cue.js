// The turn cue: when it becomes this seat's turn, the tab's icon gets a red dot (the
// title says so too, table.js) and, if the player asked for it, a short chime plays.
// The chime is made with Web Audio (no sound file), after the player's own click on
// the checkbox, as browsers allow.

const KEY = "stellwerk.turn-sound";

export class TurnCue {
  constructor() {
    this.box = document.getElementById("turn-sound");
    this.icon = document.getElementById("icon");
    this.wasMine = null;
    this.box.checked = localStorage.getItem(KEY) === "on";
    this.box.addEventListener("change", () => {
      localStorage.setItem(KEY, this.box.checked ? "on" : "off");
      if (this.box.checked) this.chime();
    });
  }

  show(mine) {
    this.icon.href = mine ? "/static/icon-turn.svg" : "/static/icon.svg";
    if (mine && this.wasMine === false && this.box.checked) this.chime();
    this.wasMine = mine;
  }

  chime() {
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
      document.body.dataset.chimed = String(Number(document.body.dataset.chimed || 0) + 1);
    } catch {
      // no audio device: the icon and the title still say it
    }
  }
}

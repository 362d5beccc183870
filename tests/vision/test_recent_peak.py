"""RecentPeak: the most a reading reached over the last while."""

from vision.measures.recent_peak import RecentPeak


def test_the_peak_lasts_its_hold_and_no_longer():
    peak = RecentPeak(500)
    assert peak.update(0, 0.8) == 0.8
    assert peak.update(300, 0.2) == 0.8
    assert peak.update(500, 0.1) == 0.8
    assert peak.update(501, 0.1) == 0.2  # the 0.8 at 0 ms is over 500 ms old
    assert peak.update(900, 0.0) == 0.1


def test_a_higher_reading_replaces_the_lower_ones_before_it():
    peak = RecentPeak(1000)
    for ts, value in [(0, 0.3), (100, 0.5), (200, 0.9), (300, 0.4)]:
        peak.update(ts, value)
    assert peak.within(300, 1000) == 0.9
    assert peak.within(300, 50) == 0.4  # only the last reading is that recent


def test_a_shorter_window_reads_only_its_own_part_of_the_hold():
    peak = RecentPeak(2000)
    peak.update(0, 0.9)
    peak.update(1500, 0.2)
    assert peak.within(1500, 2000) == 0.9
    assert peak.within(1500, 1000) == 0.2
    assert peak.within(1500, 0) == 0.2  # this frame's reading is always in


def test_no_reading_reads_nothing():
    assert RecentPeak(1000).within(0, 1000) == 0.0

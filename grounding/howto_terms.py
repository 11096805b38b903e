"""The book's words for each how-to topic, accented: `grounding.howto` scores a sentence by
them. Data only."""

from __future__ import annotations

from core.frame import HowTo

# The book's words for each topic, accented (lowercase NFC): "nghiền" is not "nghiện".
WORDS = {
    HowTo.CRUSH: r"nghiền|nhai|bẻ|nuốt nguyên|nguyên viên|mở nang|cắt|chia đôi|chia nhỏ|chia thành"
    r"|hòa|hoà|phân tán|nuốt",
    HowTo.MISSED_DOSE: r"quên|bỏ lỡ|bỏ sót|liều (?:kế )?tiếp theo|gấp đôi|uống bù|bù|hai liều",
    HowTo.ALCOHOL: r"rượu|ethanol|đồ uống có cồn|bia",
    HowTo.FOOD: r"bữa ăn|lúc đói|lúc no|bụng đói|thức ăn|sau ăn|trước ăn|khi ăn|bữa sáng|bữa tối"
    r"|bưởi|sữa|rau|vitamin k|chế độ ăn|muối ăn",
    HowTo.TIME_OF_DAY: r"buổi sáng|buổi tối|buổi chiều|đi ngủ|cùng một giờ|cùng giờ|bữa sáng"
    r"|bữa tối|ban ngày|ban đêm|mỗi tuần|hằng ngày|thời điểm"
    r"|sau mỗi lần (?:đi ngoài|đi tiêu|đại tiện|tiêu chảy|nôn|đi lỏng)|khi bắt đầu cơn|khi lên cơn"
    # how long before an event: "10–15 phút trước", "1–2 giờ trước hóa trị" (not "ngừng 48
    # giờ trước khi làm test", a stop)
    r"|\d+\s*(?:[-–]\s*\d+\s*)?phút trước|\d+\s*[-–]\s*\d+\s*giờ trước|trước khi gắng sức",
    HowTo.STORAGE: r"tủ lạnh|đông lạnh|nhiệt độ phòng|sau khi mở|đã mở|mở nắp|nơi mát|2\s?[-–]\s?8"
    r"|vỉ|bao bì|chuyển màu|đổi màu|mùi|đốt|chọc thủng|nhạy cảm|còn thừa|phần thừa|còn dư|tủa",
    HowTo.SHAKE: r"lắc",
    HowTo.MADE_UP: r"sau khi pha|đã pha|pha xong|hoàn nguyên|bỏ phần|dùng trong|trong vòng"
    r"|\d+\s*ngày|ổn định|pha trong|pha với",
    HowTo.DURATION: r"quá \d+ ngày|\d+\s*[-–]\s*\d+ ngày|\d+ ngày|\d+ tuần|\d+ tháng|ngừng"
    r"|liệu trình|đợt|giảm dần|kéo dài|đủ|liều duy nhất|tăng liều|đi khám",
    HowTo.GIVING: r"tiêm bắp|tiêm dưới da|tiêm tĩnh mạch|truyền|đặt trực tràng|viên đạn|đạn"
    r"|ngậm|dưới lưỡi|buồng đệm|gắng sức|xịt|hít|bôi|chỗ tiêm|một chỗ|vị trí tiêm|không uống được"
    r"|thìa|dụng cụ|đong|ngồi|nằm",
    HowTo.SWAP: r"thay thế|thay được|không đổi|đổi từ|không thay|tương đương|thay cho",
    HowTo.TOGETHER: r"cách (?:nhau|xa)|\d+ giờ|cùng lúc|đồng thời|kháng acid|antacid|calci|canxi"
    r"|sắt|magnesi|nhôm|kẽm|acid folic|ngày khác|bù nước|oresol|uống cùng|dùng cùng",
    HowTo.RATE: r"tốc độ|mg/phút|ml/phút|microgam/phút"
    r"|\d+(?:[,.]\d+)?\s*(?:[-–]\s*\d+\s*)?(?:phút|giây)|tiêm chậm|tĩnh mạch chậm|tiêm nhanh"
    r"|truyền nhanh|rất chậm|nồng độ|mg/ml|pha thành",
    HowTo.DILUTE: r"pha loãng|pha thành|pha với|pha trong|nồng độ|mg/ml|natri clorid|glucose"
    r"|ringer|dung môi|kết tủa|tương hợp|tương kỵ|tương thích|hòa tan|hoà tan|dây truyền|pvc"
    r"|hấp phụ",
    HowTo.CAUTION: r"ánh nắng|ánh sáng mặt trời|tia cực tím|lái xe|vận hành máy|đủ nước|nước"
    r"|\d+(?:[,.]\d+)? lít|tiếp xúc"
    r"|buồn ngủ|tỉnh táo"
    # stopping it before an operation, a tooth pulled or a contrast scan
    r"|phẫu thuật|thủ thuật|cản quang|nhổ răng|gây mê|test dị ứng|test da",
}
# Words that only help a sentence already on the topic ("uống lúc nào": food words too).
ALSO = {
    HowTo.TIME_OF_DAY: WORDS[HowTo.FOOD],
    HowTo.MADE_UP: r"tủ lạnh|bảo quản",
    # drinking said as such ("nhất là khi uống rượu"), not alcohol listed among medicines
    HowTo.ALCOHOL: r"uống|đồ uống|say",
    HowTo.CRUSH: r"giải phóng (?:kéo dài|chậm|biến đổi)|tan trong ruột|bao tan",
    HowTo.SHAKE: r"hỗn dịch|trước khi",
    HowTo.RATE: r"truyền|tiêm tĩnh mạch|pha loãng",
    HowTo.DILUTE: r"truyền|tiêm|dung dịch",
    # how much water: the amount, the urine it makes
    HowTo.CAUTION: r"nước tiểu|lít/ngày|mỗi ngày",
    HowTo.STORAGE: r"bảo quản|nhiệt độ|°\s?c|ánh sáng|ẩm|nơi khô|đậy kín|màu|mùi|vỉ|đốt|bỏ"
    r"|hạn dùng|còn lại",
}


__all__ = ["ALSO", "WORDS"]

using FluentValidation;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// Checks, before any benchmark runs, that each subject measured as validated does validate: an invalid command and
/// an invalid event each end in <see cref="ValidationException"/> on its own path. A subject that let one through
/// would be measured doing less work than its name says.
/// </summary>
internal static class ValidationCheck
{
    /// <returns>True when every validated subject rejected both; each subject's outcome is written to the console.</returns>
    public static async Task<bool> RunAsync()
    {
        using var subjects = new DispatchSubjects();
        var passed = true;
        foreach (var (subject, sendInvalidCommand, publishInvalidEvent) in subjects.ValidatedSubjects())
        {
            passed &= await RejectsAsync(subject, "command", sendInvalidCommand).ConfigureAwait(false);
            passed &= await RejectsAsync(subject, "event", publishInvalidEvent).ConfigureAwait(false);
        }

        return passed;
    }

    private static async Task<bool> RejectsAsync(string subject, string message, Func<Task> sendInvalid)
    {
        try
        {
            await sendInvalid().ConfigureAwait(false);
            Console.WriteLine($"Validation check: {subject} let an invalid {message} through.");
            return false;
        }
        catch (ValidationException)
        {
            Console.WriteLine($"Validation check: {subject} rejected an invalid {message}.");
            return true;
        }
        catch (Exception other) when (other is not ValidationException)
        {
            // An invalid message that reached the handlers fails there (no operation was prepared): not rejected.
            Console.WriteLine($"Validation check: {subject} let an invalid {message} through, which ended in {other.GetType().Name}: {other.Message}");
            return false;
        }
    }
}
